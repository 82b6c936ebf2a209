"""lut.apply against the CLI's `eval`, bit for bit, over every dtype and layout."""

import numpy as np
import pytest

import edrcube
from conftest import cli_eval

RNG = np.random.default_rng(37)


def edr_pixels(count: int) -> np.ndarray:
    """Random linear EDR RGB: mostly 0...1, some highlights to 16, a few negatives."""
    rgb = RNG.random((count, 3), dtype=np.float32)
    rgb[::5] *= 16
    rgb[1::11] -= 0.25
    return rgb.astype(np.float32)


CASES = [
    ("luts/warm_sdr.cube", {}, []),
    ("luts/warm_sdr.cube", {"interpolation": "tetrahedral", "policy": "maxrgb"},
     ["--interp", "tetrahedral", "--edr-policy", "maxrgb"]),
    ("luts/teal_orange_sdr.cube", {"extrapolation": "clamp"}, ["--extrapolation", "clamp"]),
    ("luts/warm_pq.cube", {}, []),
    ("luts/high_contrast_sdr.cube", {"lut_space": "raw", "interpolation": "tetrahedral"},
     ["--lut-space", "raw", "--interp", "tetrahedral"]),
    ("luts/logc3_to_rec709.cube", {"working_space": "srgb", "policy": "tone-scaled-maxrgb"},
     ["--working-space", "srgb", "--edr-policy", "tone-scaled-maxrgb"]),
    ("Tests/Fixtures/clf/aces_to_video_with_look.clf", {}, []),
]


@pytest.mark.parametrize("path,options,flags", CASES, ids=[c[0].split("/")[-1] + str(i) for i, c in enumerate(CASES)])
def test_float32_equals_cli_eval(root, cli, path, options, flags):
    rgb = edr_pixels(600)
    rgb[7] = [np.inf, 0.5, 0.5]
    rgb[8] = [np.nan, 0.2, 0.1]
    expected = cli_eval(cli, root / path, rgb, *flags)
    got = edrcube.read_lut(root / path).apply(rgb, threads=2, **options)
    assert got.dtype == np.float32
    assert got.shape == rgb.shape
    assert np.array_equal(got, expected, equal_nan=True), np.abs(got - expected).max()


def test_float16_and_every_layout_equal_cli_eval(root, cli):
    lut = edrcube.read_lut(root / "luts/warm_sdr.cube")
    half = edr_pixels(4 * 6).astype(np.float16)
    expected32 = cli_eval(cli, root / "luts/warm_sdr.cube", half.astype(np.float32))
    got = lut.apply(half)
    assert got.dtype == np.float16
    assert np.array_equal(got, expected32.astype(np.float16))

    rgb = edr_pixels(4 * 6)
    expected = cli_eval(cli, root / "luts/warm_sdr.cube", rgb)
    alpha = RNG.random((4 * 6, 1), dtype=np.float32) * 3
    rgba = np.concatenate([rgb, alpha], axis=1)
    image4 = rgba.reshape(4, 6, 4)
    got4 = lut.apply(image4)
    assert np.array_equal(got4[..., :3].reshape(-1, 3), expected)
    assert np.array_equal(got4[..., 3], image4[..., 3]), "alpha untouched"

    image3 = rgb.reshape(2, 2, 6, 3)  # any leading shape
    assert np.array_equal(lut.apply(image3).reshape(-1, 3), expected)
    assert np.array_equal(lut.apply(rgb[0]), expected[0])  # one pixel, shape (3,)

    # Strided views: every other pixel of a wider frame, and the RGB of an RGBA frame
    # (shape (..., 3) over a 4-float stride) go through a float32 copy.
    wide = np.zeros((4, 12, 3), dtype=np.float32)
    wide[:, ::2] = rgb.reshape(4, 6, 3)
    assert np.array_equal(lut.apply(wide[:, ::2]).reshape(-1, 3), expected)
    assert np.array_equal(lut.apply(image4[..., :3]).reshape(-1, 3), expected)
    assert not np.shares_memory(lut.apply(rgb), rgb)


def test_in_place_and_out(root, cli):
    lut = edrcube.read_lut(root / "luts/teal_orange_sdr.cube")
    rgb = edr_pixels(50)
    expected = cli_eval(cli, root / "luts/teal_orange_sdr.cube", rgb)
    work = rgb.copy()
    assert lut.apply(work, out=work) is work
    assert np.array_equal(work, expected)

    out16 = np.empty(rgb.shape, dtype=np.float16)
    assert lut.apply(rgb, out=out16) is out16
    assert np.array_equal(out16, expected.astype(np.float16))

    frame = np.zeros((50, 4), dtype=np.float32)
    frame[:, :3] = rgb
    frame[:, 3] = 0.5
    view = frame[:, :3]
    lut.apply(view, out=view)  # a strided view in place
    assert np.array_equal(frame[:, :3], expected)
    assert np.all(frame[:, 3] == 0.5)


def test_threads_do_not_change_results(root):
    lut = edrcube.read_lut(root / "luts/warm_sdr.cube")
    frame = edr_pixels(2 * 16384 + 17).reshape(-1, 1, 3)  # packed RGB goes in blocks of 16384
    rgba = np.concatenate([frame, np.ones_like(frame[..., :1])], axis=-1)
    with lut.transform(interpolation="tetrahedral") as transform:
        one = transform.apply(frame, threads=1)
        many = transform.apply(frame, threads=3)
        four = transform.apply(rgba, threads=2)
        assert "tetrahedral" in transform.summary
    assert np.array_equal(one, many)
    assert np.array_equal(one, four[..., :3]), "packed RGB equals the RGBA path"


def test_raw_identity_matches_colour_science(root):
    """An independent oracle: colour-science's trilinear LUT3D on a raw cube, inside its domain."""
    colour = pytest.importorskip("colour")
    path = root / "luts/high_contrast_sdr.cube"
    rgb = RNG.random((500, 3), dtype=np.float32)
    ours = edrcube.read_lut(path).apply(rgb, lut_space="raw")
    theirs = colour.read_LUT(str(path)).apply(rgb.astype(np.float64))
    np.testing.assert_allclose(ours, theirs, atol=2e-6)
