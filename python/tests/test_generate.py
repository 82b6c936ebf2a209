"""generate: the cubes ``edrcube generate KIND`` bakes, from Python."""

import subprocess

import numpy as np
import pytest

import edrcube


def cli_cube(cli, tmp_path, *arguments):
    target = tmp_path / "cli.cube"
    subprocess.run([cli, "generate", *arguments, "-o", str(target), "--quiet"], check=True,
                   capture_output=True)
    return edrcube.read_lut(target)


def test_look_equals_cli_generate_look(cli, tmp_path):
    ours = edrcube.generate("look", exposure=0.5, white_balance=(1.0, 0.95, 0.9),
                            cdl_power=np.array([1.1, 1.0, 0.9]), saturation=1.2, size=9)
    theirs = cli_cube(cli, tmp_path, "look", "--exposure", "0.5", "--white-balance",
                      "1,0.95,0.9", "--cdl-power", "1.1,1.0,0.9", "--saturation", "1.2",
                      "--size", "9")
    assert ours.size == 9 and ours.space == theirs.space
    assert np.array_equal(ours.table, theirs.table)


def test_transfer_equals_cli_and_colour_science(cli, tmp_path):
    colour = pytest.importorskip("colour")
    ours = edrcube.generate("transfer", from_="srgb", to="pq", size=5)
    theirs = cli_cube(cli, tmp_path, "transfer", "--from", "srgb", "--to", "pq", "--size", "5")
    assert np.array_equal(ours.table, theirs.table)
    # Node (0.5, 0.5, 0.5): sRGB 0.5 decoded, at 203 cd/m² for EDR 1.0, PQ-encoded (a grey, so
    # the Rec.709 → Rec.2020 matrix leaves it as it is).
    expected = colour.models.eotf_inverse_ST2084(203 * colour.models.eotf_sRGB(0.5))
    np.testing.assert_allclose(ours.table[2, 2, 2], [expected] * 3, atol=2e-6)


def test_identity_and_gamut_kinds():
    identity = edrcube.generate("identity", size=3)
    grid = np.linspace(0, 1, 3, dtype=np.float32)
    assert np.array_equal(identity.table[1, 2, 0], [grid[1], grid[2], grid[0]])
    one_d = edrcube.generate("identity", one_d=True, size=16)
    assert one_d.size == 16 and one_d.table is None  # a 1D-only cube has no 3D table
    np.testing.assert_array_equal(one_d.apply(np.array([[0.25, 0.5, 2.0]], np.float32),
                                              lut_space="raw"), [[0.25, 0.5, 2.0]])
    gamut = edrcube.generate("gamut", from_="rec2020", to="rec709", size=2)
    # Pure Rec.2020 red in Rec.709 (BT.2087's matrix, first column).
    np.testing.assert_allclose(gamut.table[1, 0, 0], [1.6605, -0.1246, -0.0182], atol=2e-4)


def test_generate_errors():
    with pytest.raises(edrcube.OptionsError, match="unknown value 'plasma'"):
        edrcube.generate("plasma")
    with pytest.raises(edrcube.OptionsError, match="from is required"):
        edrcube.generate("transfer", to="pq")
    with pytest.raises(edrcube.OptionsError, match="white_balance takes three numbers"):
        edrcube.generate("look", white_balance=(1, 2))
    with pytest.raises(edrcube.OptionsError, match="size"):
        edrcube.generate("identity", size=1)
