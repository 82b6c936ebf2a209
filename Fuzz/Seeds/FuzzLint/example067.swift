slet gain = 2.0
let k = CIColorKernel(source: "kernel vec4 g(__sample s) { return vec4(s.rgb * \\(gain), s.a); }")
