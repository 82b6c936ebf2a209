// The per-pixel chain around a lookup (EDRPipeline's CubeApplication), vectorised: the
// pre-pass (working space → cube signal) and the post-pass (looked-up signal → working space)
// over a run of interleaved pixels, 8 per AVX2 vector. They evaluate the same algorithms as
// EDRPipeline's scalar `prepare` and `finish` (ColorMath's FastPower, FastLog, FastSDRTransfer,
// FastPQ, FastHLG, FastLogCurve and PolynomialMath, their tables read through the pointers
// below with permutes or gathers; the same operations in the same order, no fused
// multiply-adds), so a pixel gets the same value either way. Pixels the vector code does not
// cover (a non-finite channel or display light, a PQ luminance below the table) are handed back
// to the caller, which runs its scalar path.
#ifndef EDR_CHAIN_H
#define EDR_CHAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "edr_log_curve.h"

#ifdef __cplusplus
extern "C" {
#endif

/// ColorMath's FastPower: `x^exponent` = `scales[field − 1] · q_j(t)`, q_j the polynomial of
/// the mantissa's eighth j (its top 3 bits) in t (the other 20 bits, scaled to [0, 1)).
typedef struct EDRPowerTable {
  /// `2^(e·p)` for the normal exponents (index e + 126).
  const float *scales;
  /// Coefficient k of eighth j's polynomial at index 8k + j, k = 0…4.
  const float *coefficients;
  /// `p`, for the lanes that fall back to powf.
  float exponent;
} EDRPowerTable;

/// ColorMath's FastPQ tables and constants.
typedef struct EDRPQTables {
  /// The inverse EOTF, 257 samples per octave from 2⁻⁴⁰ cd/m², 54 octaves.
  const float *inverse;
  /// `2^(e/m2)` (index e + 126) and `(1 + i/1024)^(1/m2)`, in double.
  const double *rootScales;
  const double *rootMantissas;
  /// `x^(1/m1)`.
  EDRPowerTable ratioPower;
  double c1, c2, c3;
  /// 10000 cd/m².
  float peak;
  /// The inverse EOTF of 0 cd/m².
  float zeroSignal;
} EDRPQTables;

/// ColorMath's FastHLG: the BT.2100 display chain (OOTF with the system gamma).
typedef struct EDRHLGTables {
  /// `x^(γ − 1)` and `x^((1 − γ)/γ)`.
  EDRPowerTable ootfPower, inverseOOTFPower;
  /// The display's peak (cd/m²), black lift β and the OETF's a, b, c.
  float peak, beta, a, b, c;
  /// BT.2100's luminance weights.
  float weights[3];
  /// FastLog's polynomials of ln m (the OETF's logarithm).
  const float *lnCoefficients;
} EDRHLGTables;

/// A cube space's curve, as far as the chain covers them.
typedef enum EDRChainCurve {
  EDR_CHAIN_LINEAR = 0,
  EDR_CHAIN_SRGB = 1,
  EDR_CHAIN_BT1886 = 2,
  EDR_CHAIN_PQ = 3,
  EDR_CHAIN_HLG = 4,
  /// A camera or ACES log curve (EDRChain's inputLog, outputLog).
  EDR_CHAIN_LOG = 5,
} EDRChainCurve;

/// The highlight scale of an SDR cube's policy for pixels with maxRGB m > 1 (divided by m
/// before the lookup): none (no division), m (maxrgb), or h(m) (rising-maxrgb).
typedef enum EDRChainScale {
  EDR_CHAIN_SCALE_NONE = 0,
  EDR_CHAIN_SCALE_MAXRGB = 1,
  EDR_CHAIN_SCALE_RISING = 2,
} EDRChainScale;

/// Everything the two passes need, filled by EDRPipeline.
typedef struct EDRChain {
  EDRPowerTable srgbEncode, srgbDecode, bt1886Encode, bt1886Decode;
  EDRPQTables pq;
  EDRHLGTables hlg;
  /// EDRChainCurve of the cube's input and output.
  int32_t input, output;
  /// EDRChainScale.
  int32_t scale;
  /// Whether the working space is sRGB-encoded (decoded first, encoded last).
  bool workingSRGB;
  bool hasToCube, hasFromCube;
  /// Row-major working → cube input and cube output → working matrices.
  float toCube[9], fromCube[9];
  float referenceWhite, outputReferenceWhite;
  /// h(m) = m − risingFactor·(1 − exp((1 − m)·inverseBend)).
  float risingFactor, inverseBend;
  /// The log curves of the cube's input and output, where they are EDR_CHAIN_LOG.
  EDRLogCurve inputLog, outputLog;
} EDRChain;

/// Whether the chain can run here (x86-64 with AVX2).
bool edr_chain_available(void);

/// Pre-pass over `count` pixels of `channels` (≥ 3) floats at `pixels`: writes each pixel's
/// cube signal to `signals` (4 floats a pixel, the 4th 0) and its maxRGB divisor to
/// `divisors` (1 when not divided; NaN marks a pixel the caller must do itself). Both buffers
/// hold `count` rounded up to a multiple of 8.
void edr_chain_prepare(const EDRChain *chain, const float *pixels, int64_t channels,
                       int64_t count, float *signals, float *divisors);

/// Post-pass: writes R, G, B of each pixel from its looked-up signal (`signals` after the
/// lookup) and divisor, except the pixels the caller must do itself, which keep their values
/// and whose indices go to `escaped`. Returns how many there are.
int64_t edr_chain_finish(const EDRChain *chain, float *pixels, int64_t channels, int64_t count,
                         const float *signals, const float *divisors, int32_t *escaped);

#ifdef __cplusplus
}
#endif

#endif
