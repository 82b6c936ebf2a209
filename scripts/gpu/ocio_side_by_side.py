#!/usr/bin/env python3
"""Grey 4.0 through a cube: OpenColorIO's GPU path (PyOpenColorIO GpuShaderDesc, GLSL 4.0) next
to `edrcube eval` (which every `edrcube shader` language reproduces, scripts/gpu/shader_check.py
prints it per language as "grey 4.0 ->"). docs/gpu.md quotes its output.

OpenColorIO's GLSL reads the cube from a 3D texture: the tetrahedral path fetches the four
nodes of the tetrahedron with NEAREST filtering at `(index + 0.5) / N`, the trilinear path one
LINEAR-filtered fetch at `(x·(N − 1) + 0.5) / N`. Its texture is set up with CLAMP_TO_EDGE (as
OpenColorIO's own GL app does), so the fetches are evaluated here as the sampler evaluates them,
with the texture values GpuShaderDesc hands over: outside [0, 1] every fetch is the edge node.

    python3 scripts/gpu/ocio_side_by_side.py .build/debug/edrcube luts/teal_orange_sdr.cube
"""

import subprocess
import sys

import numpy as np
import PyOpenColorIO as ocio


def gpu_texture(cube, interpolation):
    processor = ocio.Config.CreateRaw().getProcessor(
        ocio.FileTransform(src=cube, interpolation=interpolation))
    desc = ocio.GpuShaderDesc.CreateShaderDesc(language=ocio.GPU_LANGUAGE_GLSL_4_0)
    processor.getDefaultGPUProcessor().extractGpuShaderInfo(desc)
    texture = next(iter(desc.get3DTextures()))
    n = texture.edgeLen
    # GpuShaderDesc's 3D texture: RGB texels, blue fastest (its GLSL fetches at `index.zyx`).
    values = np.array(texture.getValues(), np.float32).reshape(n, n, n, 3)
    return desc.getShaderText(), values, n, processor.getDefaultCPUProcessor()


def texel(values, n, index):
    """A NEAREST fetch under CLAMP_TO_EDGE of texel `index` (r, g, b)."""
    r, g, b = np.clip(np.asarray(index, int), 0, n - 1)
    return values[r, g, b].astype(np.float64)


def ocio_glsl_tetrahedral(values, n, rgb):
    """OpenColorIO 2.6's GLSL tetrahedral block, its fetches as the sampler returns them."""
    coords = np.asarray(rgb, np.float64) * (n - 1)
    base = np.floor(coords)
    fr, fg, fb = coords - base
    v = lambda dr, dg, db: texel(values, n, base + (dr, dg, db))  # noqa: E731
    v1, v4 = v(0, 0, 0), v(1, 1, 1)
    if fr >= fg >= fb:
        return (1 - fr) * v1 + (fr - fg) * v(1, 0, 0) + (fg - fb) * v(1, 1, 0) + fb * v4
    if fr >= fg and fr >= fb:
        return (1 - fr) * v1 + (fr - fb) * v(1, 0, 0) + (fb - fg) * v(1, 0, 1) + fg * v4
    if fr >= fg:
        return (1 - fb) * v1 + (fb - fr) * v(0, 0, 1) + (fr - fg) * v(1, 0, 1) + fg * v4
    if fg <= fb:
        return (1 - fb) * v1 + (fb - fg) * v(0, 0, 1) + (fg - fr) * v(0, 1, 1) + fr * v4
    if fr >= fb:
        return (1 - fg) * v1 + (fg - fr) * v(0, 1, 0) + (fr - fb) * v(1, 1, 0) + fb * v4
    return (1 - fg) * v1 + (fg - fb) * v(0, 1, 0) + (fb - fr) * v(0, 1, 1) + fr * v4


def ocio_glsl_trilinear(values, n, rgb):
    """One LINEAR fetch at `(x·(N − 1) + 0.5)/N`: the texel-space position x·(N − 1),
    clamped to the edge texels' centres by CLAMP_TO_EDGE."""
    p = np.clip(np.asarray(rgb, np.float64) * (n - 1), 0, n - 1)
    base = np.minimum(np.floor(p), n - 2)
    f = p - base
    out = np.zeros(3)
    for corner in np.ndindex(2, 2, 2):
        weight = np.prod([f[k] if corner[k] else 1 - f[k] for k in range(3)])
        out += weight * texel(values, n, base + corner)
    return out


def edrcube_eval(edrcube, cube, interp, rgb, extrapolation="bounded"):
    run = subprocess.run(
        [edrcube, "eval", "--lut", cube, "--lut-space", "raw", "--interp", interp,
         "--extrapolation", extrapolation, "--quiet"],
        input=" ".join(str(x) for x in rgb) + "\n", capture_output=True, text=True, check=True)
    return [float(x) for x in run.stdout.split()]


def main():
    edrcube, cube = sys.argv[1], sys.argv[2]
    grey = (4.0, 4.0, 4.0)
    fmt = lambda v: "(" + ", ".join(f"{x:.6f}" for x in v) + ")"  # noqa: E731
    print(f"OpenColorIO {ocio.__version__}, {cube}, input {grey}")
    for interp, mode, emulate in (
            ("tetrahedral", ocio.INTERP_TETRAHEDRAL, ocio_glsl_tetrahedral),
            ("trilinear", ocio.INTERP_LINEAR, ocio_glsl_trilinear)):
        text, values, n, cpu = gpu_texture(cube, mode)
        # The emulated shader is OpenColorIO's own inside the cube (its CPU path, to rounding).
        for inside in ((0.3, 0.5, 0.7), (0.9, 0.2, 0.4), (0.1, 0.8, 0.3)):
            if np.max(np.abs(emulate(values, n, inside) - cpu.applyRGB(list(inside)))) > 1e-5:
                sys.exit(f"the {interp} emulation disagrees with OpenColorIO at {inside}")
        fetches = text.count("texture(")
        print(f"  {interp}: OCIO GLSL ({fetches} texture fetches, {n}^3 texture) "
              f"{fmt(emulate(values, n, grey))}; OCIO CPU {fmt(cpu.applyRGB(list(grey)))}")
        print(f"  {interp}: edrcube eval (bounded) {fmt(edrcube_eval(edrcube, cube, interp, grey))}; "
              f"clamp {fmt(edrcube_eval(edrcube, cube, interp, grey, 'clamp'))}")


if __name__ == "__main__":
    main()
