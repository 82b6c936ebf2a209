# The curves added for issue 35 against colour-science 0.4.7 (defaults: 10-bit, normalised
# code values, reflection input) and OpenColorIO 2.6 AllocationTransform lg2 (Blender AgX Log range).
# Run: python3 Tests/Fixtures/oracles/log_curves_more.py
import warnings; warnings.filterwarnings("ignore")
import colour.models as M
import PyOpenColorIO as ocio
curves = {
 'cineon': (M.log_encoding_Cineon, M.log_decoding_Cineon),
 'flog': (M.log_encoding_FLog, M.log_decoding_FLog),
 'flog2': (M.log_encoding_FLog2, M.log_decoding_FLog2),
 'bmd-film-gen5': (M.oetf_BlackmagicFilmGeneration5, M.oetf_inverse_BlackmagicFilmGeneration5),
 'slog2': (M.log_encoding_SLog2, M.log_decoding_SLog2),
 'clog2': (M.log_encoding_CanonLog2, M.log_decoding_CanonLog2),
 'clog3': (M.log_encoding_CanonLog3, M.log_decoding_CanonLog3),
 # colour-science's D-Log decoding rounds its constants; the exact inverse of its encoding
 # is checked instead (decode(encode(x)) = x), so only the encoding is listed here.
 'dlog': (M.log_encoding_DJIDLog, None),
}
lin = [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100]
sig = [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0]
for k, (e, d) in curves.items():
    L = lin
    enc = [float(e(x)) for x in L]
    dec = [float(d(y)) for y in sig] if d else []
    print(f'    ("{k}", {L}, {[float("%.17g" % v) for v in enc]}, {[float("%.17g" % v) for v in dec]}),')
cfg = ocio.Config.CreateRaw()
t = ocio.AllocationTransform(); t.setAllocation(ocio.ALLOCATION_LG2); t.setVars([-12.47393, 12.5260688])
fwd = cfg.getProcessor(t).getDefaultCPUProcessor()
inv = cfg.getProcessor(t, ocio.TRANSFORM_DIR_INVERSE).getDefaultCPUProcessor()
print('lg2 encode', [(x, fwd.applyRGB([x, x, x])[0]) for x in [-0.1, 0, 0.001, 0.18, 1, 16, 100]])
print('cineon -0.005', float(M.log_encoding_Cineon(-0.005)), 'signal 0 ->', float(M.log_decoding_Cineon(0.0)))
print('lg2 decode', [(y, inv.applyRGB([y, y, y])[0]) for y in [-0.2, 0, 0.25, 0.5, 0.75, 1, 1.3]])
