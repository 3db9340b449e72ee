// Tests of the format what-if (core/session/include/ampscope/format_whatif.h) on hand-made
// exponent histograms, with the counts at every boundary worked out by hand: which bins flush
// or overflow surely, which straddle a threshold, and what amin/amax and the statistics' own
// counts settle.
#include <ampscope/format_whatif.h>

#include <QtTest>

#include <cmath>

using ampscope::format_whatif;
using ampscope::kernels::Format;
using ampscope::kernels::TensorStats;

namespace {
// An empty histogram over [lo, hi] with `zeros` zero elements.
TensorStats histogram(int lo, int hi, std::int64_t zeros = 0) {
  TensorStats s;
  s.lo = lo;
  s.hi = hi;
  s.bins.assign(static_cast<std::size_t>(hi - lo + 1), 0);
  s.zero = zeros;
  s.numel = zeros;
  return s;
}
// `count` elements with floor(log2|x|) == e (clamped into the open end bins, as finalize does).
void put(TensorStats& s, int e, std::int64_t count) {
  s.bins[static_cast<std::size_t>(std::clamp(e, s.lo, s.hi) - s.lo)] += count;
  s.numel += count;
}
}  // namespace

class TestFormatWhatIf : public QObject {
  Q_OBJECT
 private Q_SLOTS:
  void thresholds() {
    const auto fp16 = ampscope::cast_thresholds(Format::FP16);
    QCOMPARE(fp16.flush_max, std::ldexp(1.0, -25));
    QCOMPARE(fp16.overflow_min, 65520.0);
    QVERIFY(fp16.overflow_inclusive);
    const auto bf16 = ampscope::cast_thresholds(Format::BF16);
    QCOMPARE(bf16.flush_max, std::ldexp(1.0, -134));
    QCOMPARE(bf16.overflow_min, (2.0 - std::ldexp(1.0, -8)) * std::ldexp(1.0, 127));
    const auto e4m3 = ampscope::cast_thresholds(Format::FP8_E4M3);
    QCOMPARE(e4m3.flush_max, std::ldexp(1.0, -10));
    QCOMPARE(e4m3.overflow_min, 464.0);
    QVERIFY(!e4m3.overflow_inclusive);
    const auto e5m2 = ampscope::cast_thresholds(Format::FP8_E5M2);
    QCOMPARE(e5m2.flush_max, std::ldexp(1.0, -17));
    QCOMPARE(e5m2.overflow_min, 61440.0);
    QVERIFY(std::isinf(ampscope::cast_thresholds(Format::FP32).overflow_min));
  }

  // fp16: bins <= -26 flush surely, bin -25 holds the tie 2^-25 (flushes) and values that round
  // up to 2^-24 (do not): the boundary. Bin 15 holds 65504 (finite) and 65520 (inf): the boundary;
  // bins >= 16 overflow surely.
  void fp16Boundaries() {
    TensorStats s = histogram(-40, 20, 10);
    s.nan = 2;
    s.pos_inf = 1;
    s.numel += 3;
    put(s, -45, 4);  // the open first bin (<= -40): all below 2^-39, they flush
    put(s, -26, 5);
    put(s, -25, 3);
    put(s, -24, 7);
    put(s, 0, 100);
    put(s, 15, 2);
    put(s, 16, 1);
    s.amin_nonzero = std::ldexp(1.0, -45);
    s.amax = 70000.0;
    const auto w = format_whatif(s, Format::FP16);
    QCOMPARE(w.numel, std::int64_t{135});
    QCOMPARE(w.nonzero_finite, std::int64_t{122});
    QCOMPARE(w.underflow.low, std::int64_t{9});
    QCOMPARE(w.underflow.high, std::int64_t{12});
    QCOMPARE(w.underflow_boundary, std::int64_t{3});
    QCOMPARE(w.overflow.low, std::int64_t{1});
    QCOMPARE(w.overflow.high, std::int64_t{3});
    QCOMPARE(w.overflow_boundary, std::int64_t{2});
    QCOMPARE(w.underflowShareLow(), 9.0 / 135.0);
    QCOMPARE(w.overflowShareHigh(), 3.0 / 135.0);
  }

  // Only the boundary bin is occupied: amin_nonzero settles it.
  void aminSettlesTheUnderflowBoundary() {
    TensorStats s = histogram(-40, 20);
    put(s, -25, 4);
    put(s, -3, 6);
    s.amax = 0.2;
    s.amin_nonzero = 1.5 * std::ldexp(1.0, -25);  // above the tie: rounds up to 2^-24
    auto w = format_whatif(s, Format::FP16);
    QVERIFY(w.underflow.exact());
    QCOMPARE(w.underflow.high, std::int64_t{0});
    s.amin_nonzero = std::ldexp(1.0, -25);  // the tie itself: flushes
    w = format_whatif(s, Format::FP16);
    QCOMPARE(w.underflow.low, std::int64_t{1});
    QCOMPARE(w.underflow.high, std::int64_t{4});
    QVERIFY(!w.underflow.exact());
  }

  void amaxSettlesTheOverflowBoundary() {
    TensorStats s = histogram(-40, 20);
    put(s, 15, 3);
    s.amin_nonzero = 40000.0;
    s.amax = 65504.0;
    QCOMPARE(format_whatif(s, Format::FP16).overflow.high, std::int64_t{0});
    s.amax = 65519.99609375;  // below the halfway point: rounds to 65504
    QCOMPARE(format_whatif(s, Format::FP16).overflow.high, std::int64_t{0});
    s.amax = 65520.0;  // the halfway point ties to inf
    auto w = format_whatif(s, Format::FP16);
    QCOMPARE(w.overflow.low, std::int64_t{1});
    QCOMPARE(w.overflow.high, std::int64_t{3});
    // e5m2's binade of 57344 is the same [2^15, 2^16): 61440 ties to inf, 61439 stays finite.
    s.amax = 61439.0;
    QCOMPARE(format_whatif(s, Format::FP8_E5M2).overflow.high, std::int64_t{0});
    s.amax = 61440.0;
    w = format_whatif(s, Format::FP8_E5M2);
    QCOMPARE(w.overflow.low, std::int64_t{1});
    QCOMPARE(w.overflow.high, std::int64_t{3});
  }

  // e4m3: smallest subnormal 2^-9, so bins <= -11 flush and bin -10 is the boundary; the largest
  // finite 448 is in bin 8, where 464 ties to 448 and only |x| > 464 becomes NaN.
  void e4m3() {
    TensorStats s = histogram(-40, 20);
    put(s, -12, 2);
    put(s, -11, 3);
    put(s, -10, 5);
    put(s, -9, 7);
    put(s, 8, 4);
    put(s, 9, 1);
    s.amin_nonzero = std::ldexp(1.0, -12);
    s.amax = 600.0;
    auto w = format_whatif(s, Format::FP8_E4M3);
    QCOMPARE(w.underflow.low, std::int64_t{5});
    QCOMPARE(w.underflow.high, std::int64_t{10});
    QCOMPARE(w.overflow.low, std::int64_t{1});
    QCOMPARE(w.overflow.high, std::int64_t{5});
    TensorStats top = histogram(-40, 20);
    put(top, 8, 4);
    top.amin_nonzero = 300.0;
    top.amax = 464.0;  // ties to 448: no NaN
    QCOMPARE(format_whatif(top, Format::FP8_E4M3).overflow.high, std::int64_t{0});
    top.amax = 464.5;
    QCOMPARE(format_whatif(top, Format::FP8_E4M3).overflow.low, std::int64_t{1});
  }

  // e5m2: smallest subnormal 2^-16: bins <= -18 flush, bin -17 is the boundary.
  void e5m2Underflow() {
    TensorStats s = histogram(-40, 20);
    put(s, -18, 6);
    put(s, -17, 2);
    put(s, -16, 9);
    s.amin_nonzero = std::ldexp(1.0, -18);
    s.amax = std::ldexp(1.0, -16);
    const auto w = format_whatif(s, Format::FP8_E5M2);
    QCOMPARE(w.underflow.low, std::int64_t{6});
    QCOMPARE(w.underflow.high, std::int64_t{8});
    QCOMPARE(w.overflow.high, std::int64_t{0});
  }

  // bf16's limits lie beyond the default range [-40, 20]: the open bins hold everything; amin and
  // amax decide, or the open bin becomes the upper bound.
  void bf16OpenBins() {
    TensorStats s = histogram(-40, 20);
    put(s, -60, 3);  // in the open bin "<= -40"
    put(s, 0, 10);
    put(s, 25, 2);   // in the open bin ">= 20"
    s.amin_nonzero = std::ldexp(1.0, -60);
    s.amax = 1e8;
    auto w = format_whatif(s, Format::BF16);
    QVERIFY(w.underflow.exact());
    QCOMPARE(w.underflow.low, std::int64_t{0});
    QVERIFY(w.overflow.exact());
    QCOMPARE(w.overflow.low, std::int64_t{0});
    // fp16 on the same histogram: the open low bin lies wholly below 2^-25 and flushes, the open
    // high bin wholly at or above 2^20 > 65520 and overflows.
    w = format_whatif(s, Format::FP16);
    QCOMPARE(w.underflow.low, std::int64_t{3});
    QVERIFY(w.underflow.exact());
    QCOMPARE(w.overflow.low, std::int64_t{2});
    QVERIFY(w.overflow.exact());
    // An element at 2^-140 (an fp32 subnormal): at least one flushes in bf16, at most the open bin.
    s.amin_nonzero = std::ldexp(1.0, -140);
    w = format_whatif(s, Format::BF16);
    QCOMPARE(w.underflow.low, std::int64_t{1});
    QCOMPARE(w.underflow.high, std::int64_t{3});
  }

  // The unscaled what-if: values times 2^-16 move every bin down by 16.
  void exponentShift() {
    TensorStats s = histogram(-40, 20);
    put(s, -10, 4);  // 2^-26 unscaled: flushes in fp16
    put(s, -9, 3);   // 2^-25: the boundary
    put(s, 31, 1);   // the open top bin (>= 20): at least 2^4 unscaled
    s.amin_nonzero = std::ldexp(1.0, -10);
    s.amax = std::ldexp(1.0, 32);  // 2^16 unscaled: past 65520
    auto w = format_whatif(s, Format::FP16, -16);
    QCOMPARE(w.underflow.low, std::int64_t{4});
    QCOMPARE(w.underflow.high, std::int64_t{7});
    QCOMPARE(w.overflow.low, std::int64_t{1});  // the open bin straddles 65520; amax is past it
    QCOMPARE(w.overflow.high, std::int64_t{1});
    s.amax = std::ldexp(1.0, 25);  // 2^9 unscaled: nothing overflows
    w = format_whatif(s, Format::FP16, -16);
    QVERIFY(w.overflow.exact());
    QCOMPARE(w.overflow.low, std::int64_t{0});
  }

  // The statistics' own counts against the same format: above_max is the exact overflow and
  // below_min_subnormal (|x| < 2^-24) caps the underflow.
  void statsTargetCounts() {
    TensorStats s = histogram(-40, 20);
    put(s, -26, 2);
    put(s, -25, 5);
    put(s, 15, 6);
    s.amin_nonzero = std::ldexp(1.0, -26);
    s.amax = 65535.0;
    s.above_max = 2;
    s.below_min_subnormal = 7;
    auto w = format_whatif(s, Format::FP16, 0, Format::FP16);
    QVERIFY(w.overflow.exact());
    QCOMPARE(w.overflow.low, std::int64_t{2});
    QCOMPARE(w.underflow.low, std::int64_t{2});
    QCOMPARE(w.underflow.high, std::int64_t{7});
    // Another target, or a shift: the counts are not of this cast and are not used.
    w = format_whatif(s, Format::FP16, 0, Format::BF16);
    QCOMPARE(w.overflow.high, std::int64_t{6});
    w = format_whatif(s, Format::FP16, -1, Format::FP16);
    QCOMPARE(w.overflow.high, std::int64_t{0});  // amax / 2 = 32767.5
  }

  void emptyAndSpecialOnly() {
    TensorStats s = histogram(-40, 20, 5);
    s.nan = 1;
    s.numel += 1;
    const auto w = format_whatif(s, Format::FP8_E4M3);
    QCOMPARE(w.numel, std::int64_t{6});
    QCOMPARE(w.nonzero_finite, std::int64_t{0});
    QCOMPARE(w.underflow.high, std::int64_t{0});
    QCOMPARE(w.overflow.high, std::int64_t{0});
    QCOMPARE(format_whatif(TensorStats{}, Format::FP16).underflowShareLow(), 0.0);
  }
};

QTEST_APPLESS_MAIN(TestFormatWhatIf)
#include "test_format_whatif.moc"
