import warnings; warnings.filterwarnings("ignore")
import colour, colour.models as M, numpy as np
np.set_printoptions(precision=17)
W=203.0
def hlg_enc(rgb):  # linear EDR (cube primaries) -> HLG signal, BT.2100-2 inverse EOTF, Lw 1000, Lb 0
    return M.eotf_inverse_BT2100_HLG(np.maximum(rgb*W,0), L_B=0, L_W=1000, method="ITU-R BT.2100-2")
def hlg_dec(s):
    return M.eotf_BT2100_HLG(np.clip(s,0,1), L_B=0, L_W=1000, method="ITU-R BT.2100-2")/W
C = {
 'linear': (lambda x: x, lambda y: y),
 'srgb': (lambda x: np.sign(x)*M.eotf_inverse_sRGB(np.abs(x)), lambda y: np.sign(y)*M.eotf_sRGB(np.abs(y))),
 'bt1886': (lambda x: np.sign(x)*np.abs(x)**(1/2.4), lambda y: np.sign(y)*np.abs(y)**2.4),
 'pq': (lambda x: M.eotf_inverse_ST2084(np.clip(x*W,0,10000)), lambda y: M.eotf_ST2084(np.clip(y,0,1))/W),
 'hlg': (hlg_enc, hlg_dec),
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
RS = colour.RGB_COLOURSPACES
P = {'rec709':'ITU-R BT.709','p3':'Display P3','p3-dci':'DCI-P3','rec2020':'ITU-R BT.2020','ap0':'ACES2065-1','ap1':'ACEScg',
     'awg3':'ARRI Wide Gamut 3','awg4':'ARRI Wide Gamut 4','sgamut3':'S-Gamut3','sgamut3cine':'S-Gamut3.Cine','vgamut':'V-Gamut',
     'rwg':'REDWideGamutRGB','dwg':'DaVinci Wide Gamut'}
def mat(a,b):
    A=RS[P[a]]; B=RS[P[b]]
    return colour.matrix_RGB_to_RGB(A,B,chromatic_adaptation_transform='Bradford')
A = np.array([[0.9,0.05,0.02],[0.03,0.85,0.04],[0.01,0.06,0.8]]); b=np.array([0.02,0.01,0.03])
pts = np.array([[0.18,0.18,0.18],[0.5,0.3,0.1],[0.05,0.2,0.6],[2.0,1.2,0.6]])
curves=list(C); prims=list(P)
n=max(len(curves),len(prims))
for i in range(n):
    ci,co = curves[i%len(curves)], curves[(i+4)%len(curves)]
    pi,po = prims[i%len(prims)], prims[(i+5)%len(prims)]
    out=[]
    for x in pts:
        v = mat('rec709',pi) @ x
        s = C[ci][0](v)
        s = A @ s + b
        y = C[co][1](s)
        out.append(mat(po,'rec709') @ y)
    o=", ".join("[" + ", ".join("%.9g"%v for v in r) + "]" for r in out)
    print(f'    PairCase("{ci} {pi}", "{co} {po}", [{o}]),')
