/// Which kernels run a ``LUTProcessor``, chosen once when its tables are prepared. Every
/// choice gives the same bits (the fast kernels follow the scalar reference kernel operation
/// for operation); the choice only changes speed.
public enum KernelInstructionSet: Sendable, Hashable, CaseIterable {
  /// The fastest this CPU runs: AVX2 + FMA where present, else SSE2 (x86-64); the portable
  /// Swift kernels elsewhere.
  case best
  /// The SSE2 loop (the x86-64 baseline), even where AVX2 is available.
  case sse2
  /// The portable Swift kernels, on every CPU.
  case portable
}
