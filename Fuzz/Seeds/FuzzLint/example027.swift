slet source =
  "kernel vec4 sdrPreview(__sample s) {\\n" +
  "    vec3 c = s.rgb;\\n" +
  "    c = clamp(c, 0.0, 1.0); // \\"display range\\"\\n" +
  "    return vec4(c, s.a);\\n" +
  "}\\n"
