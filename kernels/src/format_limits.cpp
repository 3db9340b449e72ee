// Limits of the number formats AmpScope classifies values against (docs/measurements.md).
#include <stdexcept>

#include "ampscope/kernels/grad_stats.h"

namespace ampscope::kernels {

FormatLimits format_limits(Format f) {
  switch (f) {
    case Format::FP32: return {-149, -126, 127, 3.4028234663852886e38, "fp32"};
    case Format::FP16: return {-24, -14, 15, 65504.0, "fp16"};
    case Format::BF16: return {-133, -126, 127, 3.3895313892515355e38, "bf16"};
    // e4m3 (the "fn" variant: no inf, S.1111.111 is NaN): 448 = 1.75 * 2^8.
    case Format::FP8_E4M3: return {-9, -6, 8, 448.0, "fp8 e4m3"};
    case Format::FP8_E5M2: return {-16, -14, 15, 57344.0, "fp8 e5m2"};
  }
  throw std::invalid_argument("format_limits: unknown Format value");
}

}  // namespace ampscope::kernels
