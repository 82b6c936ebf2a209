simport CoreImage
let kernel = CIColorKernel(source: \"\"\"
    kernel vec4 sdr(__sample s) { // é
        return vec4(clamp(s.rgb, 0.0, 1.0), s.a);
    }
    \"\"\")
