"""Expected values of `edrcube convert` on a camera → display cube, with colour-science 0.4.7.

The cube: Tests/Fixtures/conformance/third-party/colour-resolve_cube/LogC_Video.cube
(colour-science's test file, TITLE "AlexaV3 K1S1 LogC to Video Rec709": a 16-row shaper and a
4³ table, ARRI LogC3 in, BT.1886 Rec.709 display code out). Converted to PQ with W = 203 cd/m²
(BT.2408), each node of the new cube is its LogC3 code looked up in the source cube (colour's
LUTSequence: the shaper, then the 3D table, trilinear), decoded as BT.1886 (x^2.4, display
light, 1.0 = W), taken to Rec.2020 and PQ-encoded (ST 2084); the roll-off to 1000 cd/m²
starts at 500 cd/m², above anything this look gives. Scene-linear 0.18 grey: ARRI LogC3
encoded (EI 800), looked up, BT.1886 decoded: the display light the PQ cube gives back.
Run: python3 Tests/Fixtures/oracles/camera_conversion.py
"""
import colour
import numpy as np

cube = colour.read_LUT(
    "Tests/Fixtures/conformance/third-party/colour-resolve_cube/LogC_Video.cube")
m = colour.matrix_RGB_to_RGB(
    colour.RGB_COLOURSPACES["ITU-R BT.709"], colour.RGB_COLOURSPACES["ITU-R BT.2020"])
for code in ([0.25, 0.5, 0.75], [0.5, 0.5, 0.5], [1.0, 0.25, 0.0], [0.75, 0.0, 1.0]):
    display = cube.apply(np.array(code))
    nits = 203 * (m @ (np.sign(display) * np.abs(display) ** 2.4))
    pq = colour.models.eotf_inverse_ST2084(np.maximum(nits, 0))
    print(f"node {code}: display code {display.tolist()} -> PQ {pq.tolist()}")
grey = colour.models.log_encoding_ARRILogC3(0.18)
light = cube.apply(np.array([grey] * 3)) ** 2.4
print(f"grey 0.18: LogC3 {float(grey)!r} -> display light {light.tolist()}")
