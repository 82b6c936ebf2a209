internal import COpenEXR
internal import CPNG
internal import CTIFF

/// OpenEXR, TIFF and PNG image files.
public enum RasterIO {}
