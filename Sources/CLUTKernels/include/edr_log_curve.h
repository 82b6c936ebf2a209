// A camera or ACES log curve for the chain (edr_chain.h): ColorMath's FastLogCurve, whose
// constants EDRPipeline copies here. Encode: A·ln(B·x + C) + D for x ≥ encodeCut, else the
// toe (ln from ColorMath's FastLog); decode: (e^((y − D)/A) − C)/B for y ≥ decodeCut, else
// the toe's inverse.
#ifndef EDR_LOG_CURVE_H
#define EDR_LOG_CURVE_H

#include <stdint.h>

/// FastLogCurve.Toe.
typedef enum EDRLogToe {
  /// toeSlope·x + toeOffset.
  EDR_LOG_TOE_LINEAR = 0,
  /// A·ln(toeSlope·max(x, toeFloor) + toeOffset) + D (ACEScc).
  EDR_LOG_TOE_LOGARITHMIC = 1,
  /// toeSlope·(max(x, toeFloor) − toeOffset)² (Apple Log).
  EDR_LOG_TOE_PARABOLA = 2,
} EDRLogToe;

/// FastLogCurve's constants.
typedef struct EDRLogCurve {
  /// EDRLogToe.
  int32_t toe;
  float encodeCut, decodeCut;
  /// A, D and 1/A.
  float logSlope, logOffset, expSlope;
  /// B, C.
  float scale, offset;
  float toeSlope, toeOffset, toeFloor;
  /// FastLog's polynomials of ln m: coefficient k of eighth j at index 8k + j, k = 0…4.
  const float *lnCoefficients;
} EDRLogCurve;

#endif
