import warnings; warnings.filterwarnings("ignore")
import colour.models as M, numpy as np
curves = {
 'acescct': (M.log_encoding_ACEScct, M.log_decoding_ACEScct),
 'acescc': (M.log_encoding_ACEScc, M.log_decoding_ACEScc),
 'logc3': (M.log_encoding_ARRILogC3, M.log_decoding_ARRILogC3),
 'logc4': (M.log_encoding_ARRILogC4, M.log_decoding_ARRILogC4),
 'slog3': (M.log_encoding_SLog3, M.log_decoding_SLog3),
 'vlog': (M.log_encoding_VLog, M.log_decoding_VLog),
 'log3g10': (M.log_encoding_Log3G10, M.log_decoding_Log3G10),
 'applelog': (M.log_encoding_AppleLogProfile, M.log_decoding_AppleLogProfile),
 'davinci-intermediate': (M.oetf_DaVinciIntermediate, M.oetf_inverse_DaVinciIntermediate),
}
lin = [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100]
sig = [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0]
for k,(e,d) in curves.items():
    L = [x for x in lin if not (k=='acescc' and x<0) and not (k=='applelog' and x < -0.05)]
    enc = [float(e(x)) for x in L]
    dec = [float(d(y)) for y in sig]
    print(f'    ("{k}", {L}, {[float("%.17g"%v) for v in enc]}, {[float("%.17g"%v) for v in dec]}),')
