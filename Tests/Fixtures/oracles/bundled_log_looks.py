"""Expected greys of the bundled camera-log looks (luts/logc3_to_rec709.cube,
luts/acescct_to_rec709.cube) at inputs that land on cube nodes, with colour-science 0.4.7.

Each look is: exposure -0.3 stops (linear light), contrast 1.1 around the encoded 0.18 grey
(encoded values), saturation 1.1 (a grey is unchanged), conversion to BT.1886 Rec.709
(x^(1/2.4); a grey stays a grey through the Bradford-adapted primaries), soft clip (a value
between the toe 0.04 and the knee 0.8 is unchanged). Applied to a grey x of the working space
(the log space's own primaries) whose log encoding is the node k/32, the output grey (BT.1886
decoded, converted back to the working primaries) is dec(p + (enc(x * 2^-0.3) - p) * 1.1),
p = enc(0.18). Run: python3 Tests/Fixtures/oracles/bundled_log_looks.py
"""
import colour

curves = {
    "logc3": (colour.models.log_encoding_ARRILogC3, colour.models.log_decoding_ARRILogC3),
    "acescct": (colour.models.log_encoding_ACEScct, colour.models.log_decoding_ACEScct),
}
for name, (enc, dec) in curves.items():
    p = enc(0.18)
    for k in (8, 10, 13, 15):
        x = dec(k / 32)
        out = dec(p + (enc(x * 2 ** -0.3) - p) * 1.1)
        print(f"{name} node {k}/32: input {float(x)!r} -> {float(out)!r}")
