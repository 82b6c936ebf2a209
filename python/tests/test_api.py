"""Metadata, errors with their locations, the numpy round trip, convert and lint."""

import numpy as np
import pytest

import edrcube


def test_metadata(root):
    lut = edrcube.read_lut(root / "luts/warm_pq.cube")
    assert lut.size == 33
    assert lut.space == "pq rec2020 203"
    assert lut.domain == ((0.0, 0.0, 0.0), (1.0, 1.0, 1.0))
    assert lut.table.shape == (33, 33, 33, 3)
    info = lut.inspect()
    assert info["kind"] == "cube" and info["size"] == 33
    clf = edrcube.read_lut(root / "Tests/Fixtures/clf/aces_to_video_with_look.clf")
    assert clf.kind == "process_list" and clf.table is None and clf.inspect()["nodes"]


def test_table_matches_colour_science(root):
    colour = pytest.importorskip("colour")
    path = root / "luts/teal_orange_sdr.cube"
    theirs = colour.read_LUT(str(path)).table  # indexed [r, g, b]
    assert np.array_equal(edrcube.read_lut(path).table, theirs.astype(np.float32))


def test_parse_error_has_file_line_column(tmp_path):
    bad = tmp_path / "bad.cube"
    bad.write_text("LUT_3D_SIZE 2\n0 0 0\n1 0 zero\n")
    with pytest.raises(edrcube.LUTParseError) as caught:
        edrcube.read_lut(bad)
    error = caught.value
    assert (error.file, error.line, error.column) == (str(bad), 3, 5)
    assert isinstance(error, ValueError) and "zero" in error.message
    with pytest.raises(FileNotFoundError):
        edrcube.read_lut(tmp_path / "missing.cube")


def test_option_and_array_errors(root):
    lut = edrcube.read_lut(root / "luts/warm_sdr.cube")
    rgb = np.zeros((2, 3), dtype=np.float32)
    with pytest.raises(edrcube.OptionsError, match="interpolation"):
        lut.apply(rgb, interpolation="cubic")
    with pytest.raises(TypeError):
        lut.apply(rgb.astype(np.float64))
    with pytest.raises(ValueError):
        lut.apply(np.zeros((2, 5), dtype=np.float32))
    with pytest.raises(ValueError):
        lut.apply(rgb, out=np.zeros((3, 3), dtype=np.float32))
    clf = edrcube.read_lut(root / "Tests/Fixtures/clf/aces_to_video_with_look.clf")
    with pytest.raises(edrcube.OptionsError):
        clf.apply(rgb, lut_space="pq")
    # lut_space="raw" is what a process list is anyway: accepted, same values (issue 35).
    np.testing.assert_array_equal(clf.apply(rgb, lut_space="raw"), clf.apply(rgb))
    with pytest.raises(edrcube.ConversionError):
        edrcube.convert(edrcube.read_lut(root / "luts/warm_pq.cube"), to="hlg", report=False)
    # A camera cube converts (its log input kept), but not with a PQ-placed shaper; the
    # message says "error:" once, as the CLI does.
    camera = edrcube.read_lut(root / "luts/logc3_to_rec709.cube")
    with pytest.raises(edrcube.ConversionError) as refused:
        edrcube.convert(camera, to="pq", shaper=True, size=17, report=False)
    assert str(refused.value).count("error:") == 1, str(refused.value)
    assert "placement: a camera cube keeps its own logc3 input" in str(refused.value)


def test_numpy_round_trip(tmp_path):
    size = 9
    axis = np.linspace(0, 1, size, dtype=np.float32)
    r, g, b = np.meshgrid(axis, axis, axis, indexing="ij")
    table = np.stack([r ** 2, g, np.sqrt(b)], axis=-1).astype(np.float32)
    lut = edrcube.LUT.from_table(table, domain=((0, 0, 0), (2, 2, 2)), title="round trip")
    path = tmp_path / "rt.cube"
    lut.write(path)
    again = edrcube.read_lut(path)
    assert again.title == "round trip" and again.domain[1] == (2.0, 2.0, 2.0)
    assert np.array_equal(again.table, table)
    nodes = np.array([[0, 0, 0], [2, 2, 2], [0.5, 1, 1.5]], dtype=np.float32)
    out = again.apply(nodes, lut_space="raw")
    expected = np.array([[0, 0, 0], [1, 1, 1], [0.0625, 0.5, np.sqrt(0.75)]], dtype=np.float32)
    np.testing.assert_allclose(out, expected, atol=1e-6)


def test_convert_matches_cli(root, cli, tmp_path):
    import json
    import subprocess

    source = root / "luts/warm_sdr.cube"
    converted, report = edrcube.convert(edrcube.read_lut(source), to="pq", size=17)
    target = tmp_path / "cli.cube"
    done = subprocess.run(
        [cli, "convert", str(source), str(target), "--to", "pq", "--size", "17", "--json",
         "--quiet"], capture_output=True, text=True, check=True)
    assert report == json.loads(done.stdout)
    assert converted.space == "pq rec2020 203"
    assert np.array_equal(converted.table, edrcube.read_lut(target).table)


def test_lint_reports_a_clamp_at_white():
    findings = edrcube.lint(
        "kernel vec4 b(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }", dialect="cikl",
        path="clamp.cikernel")
    assert [f["ruleID"] for f in findings] == ["EDR001"]
    assert findings[0]["file"] == "clamp.cikernel"
    with pytest.raises(edrcube.OptionsError):
        edrcube.lint("", dialect="glsl")


@pytest.mark.parametrize("name", ["warm_sdr.cube", "identity_17.cube", "logc3_to_rec709.cube"])
def test_inspect_matches_cli_inspect_json(root, cli, name):
    import json
    import subprocess

    path = root / "luts" / name
    done = subprocess.run([cli, "inspect", str(path), "--json"], capture_output=True, text=True,
                          check=True)
    theirs = json.loads(done.stdout)
    ours = edrcube.read_lut(path).inspect()
    pairs = {"dialect": "dialect", "output_min": "outputMin", "output_max": "outputMax",
             "is_identity": "isIdentity", "monotonic": "monotonic", "title": "title",
             "comments": "comments", "input_video_range": "inputVideoRange"}
    assert {k: ours[k] for k in pairs} == {k: theirs[v] for k, v in pairs.items()}


@pytest.mark.parametrize("units_off, identity", [(1, True), (2, False)])
def test_inspect_judges_identity_at_the_printed_precision(tmp_path, cli, units_off, identity):
    """What Resolve writes for an identity (TITLE, CRLF, 6-decimal rows, the top node one unit
    off in the last place): an identity for inspect(), as for the CLI's inspect; two units
    off is not."""
    import json
    import subprocess

    n = 9
    lines = ['TITLE "Generated by Resolve"', f"LUT_3D_SIZE {n}", ""]
    for b in range(n):
        for g in range(n):
            for r in range(n):
                lines.append(" ".join(
                    f"{c / (n - 1) - (units_off * 1e-6 if c == n - 1 else 0):.6f}"
                    for c in (r, g, b)))
    path = tmp_path / "resolve_identity.cube"
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode())
    assert edrcube.read_lut(path).inspect()["is_identity"] is identity
    done = subprocess.run([cli, "inspect", str(path), "--json"], capture_output=True, text=True,
                          check=True)
    assert json.loads(done.stdout)["isIdentity"] is identity
