/// The Core Image / Metal kernel linter.
public enum KernelLint {}
