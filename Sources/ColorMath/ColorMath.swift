/// Colour mathematics for EDR: transfer functions, gamuts, ICtCp, tone mapping.
public enum ColorMath {}
