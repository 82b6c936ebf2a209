/// The source of a tint kernel, compiled at run time with `CIColorKernel(source:)`.
public let tintKernelSource = """
  kernel vec4 tint(__sample s, vec3 color) {
    return vec4(min(s.rgb * color, vec3(1.0)), s.a);
  }
  """
