// The option limits (core/session/include/ampscope/option_limits.h) are the one definition of
// every numeric option's range: for each option, the command line, the session's own
// validation and a preset refuse the same value just beyond a limit and accept the same value
// at it (or just inside an open end). In-process: the CLI's parser, SessionConfig::validate()
// and the preset parser, no training.
#include <ampscope/option_limits.h>

#include <QtTest>
#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "cli_args.h"
#include "presets/preset_parse.h"
#include "session_options.h"

using namespace ampscope;

namespace {

/// One option: its name on the command line, where it lives in the config (the JSON key of
/// its field, "scaler.growth_factor" for the scaler's), and how to set it.
struct Option {
  QString cli;   // empty: no command-line option (the speed limit is a GUI and preset setting)
  QString json;  // "lr", "scaler.init_scale", "histogram.hi"
  std::function<void(SessionConfig&, const std::string&)> set;
  std::function<void(SessionConfig&)> base = [](SessionConfig&) {};  // what a limit value needs beside it
};

/// A value as every front end reads it: the same text on the command line and in JSON.
std::string text(double v) { return format_number(v); }

std::function<void(SessionConfig&, const std::string&)> real(void (*f)(SessionConfig&, double)) {
  // strtod, not stod: stod throws for a subnormal (ERANGE), which is a value like any other here.
  return [f](SessionConfig& c, const std::string& v) { f(c, std::strtod(v.c_str(), nullptr)); };
}
std::function<void(SessionConfig&, const std::string&)> integer(void (*f)(SessionConfig&, std::int64_t)) {
  return [f](SessionConfig& c, const std::string& v) { f(c, std::stoll(v)); };
}

/// Values at and beyond a real limit: {text, accepted}. Open ends are refused; closed finite
/// ends accepted, their next double outward refused; inside an open end the next double in is
/// accepted.
QList<QPair<std::string, bool>> values(const RealLimit& l) {
  QList<QPair<std::string, bool>> out;
  const double inf = std::numeric_limits<double>::infinity();
  if (l.lo_open) {
    out.append({text(l.lo), false});
    out.append({text(std::nextafter(l.lo, inf)), true});
  } else {
    out.append({text(l.lo), true});
    out.append({text(std::nextafter(l.lo, -inf)), false});
  }
  if (std::isinf(l.hi)) {
    out.append({"inf", !l.hi_open});
  } else if (l.hi_open) {
    out.append({text(l.hi), false});
    out.append({text(std::nextafter(l.hi, -inf)), true});
  } else {
    out.append({text(l.hi), true});
    out.append({text(std::nextafter(l.hi, inf)), false});
  }
  out.append({"nan", false});
  return out;
}
QList<QPair<std::string, bool>> values(const IntLimit& l) {
  QList<QPair<std::string, bool>> out{{std::to_string(l.lo), true}, {std::to_string(l.hi), true}};
  if (l.lo > std::numeric_limits<std::int64_t>::min()) out.append({std::to_string(l.lo - 1), false});
  if (l.hi < std::numeric_limits<std::int64_t>::max()) out.append({std::to_string(l.hi + 1), false});
  return out;
}

/// The command line's verdict: "" when accepted, else the message.
QString cliVerdict(const Option& o, const std::string& value) {
  SessionConfig cfg;
  cli::ArgParser p("record");
  cli::add_session_options(p, cfg);
  try {
    std::vector<std::string> args;
    // Whatever a limit value needs beside it, on the command line too.
    SessionConfig base;
    o.base(base);
    if (base.scaler.init_scale() != SessionConfig().scaler.init_scale())
      args.push_back("--init-scale=" + text(base.scaler.init_scale()));
    if (o.json == "histogram.lo")
      args.push_back("--hist-range=" + value + ":" + std::to_string(limits::hist_exponent.hi));
    else if (o.json == "histogram.hi")
      args.push_back("--hist-range=" + std::to_string(limits::hist_exponent.lo) + ":" + value);
    else
      args.push_back("--" + o.cli.toStdString() + "=" + value);
    p.parse(args);
    cfg.validate();  // what `ampscope record` does next
    return {};
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

QString sessionVerdict(const Option& o, const std::string& value) {
  SessionConfig c;
  o.base(c);
  try {
    o.set(c, value);
    c.validate();
    return {};
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

/// A preset file whose config sets the option to `value` (written into the JSON as it is).
QString presetVerdict(const Option& o, const std::string& value) {
  SessionConfig base;
  o.base(base);
  const QStringList key = o.json.split(QLatin1Char('.'));
  // JSON has no inf or NaN: a stored config writes max_scale's inf as null; elsewhere 1e999
  // stands for it, and NaN is no JSON at all (both refused, as they must be).
  const std::string field = value == "inf"   ? (o.json == "scaler.max_scale" ? "null" : "1e999")
                            : value == "nan" ? "NaN"
                                             : value;
  std::string json;
  if (key.size() == 1) {
    json = "\"" + key[0].toStdString() + "\": " + field;
    if (base.scaler.init_scale() != SessionConfig().scaler.init_scale())
      json += ", \"scaler\": {\"init_scale\": " + text(base.scaler.init_scale()) + "}";
  } else if (key[0] == QLatin1String("scaler")) {
    json = "\"scaler\": {\"" + key[1].toStdString() + "\": " + field;
    if (base.scaler.init_scale() != SessionConfig().scaler.init_scale())
      json += ", \"init_scale\": " + text(base.scaler.init_scale());
    json += "}";
  } else {  // histogram.lo / histogram.hi: the other end at its limit
    const std::string lo = key[1] == QLatin1String("lo") ? field : std::to_string(limits::hist_exponent.lo);
    const std::string hi = key[1] == QLatin1String("hi") ? field : std::to_string(limits::hist_exponent.hi);
    json = "\"histogram\": {\"lo\": " + lo + ", \"hi\": " + hi + "}";
  }
  const std::string file = "{\"name\": \"limits\", \"config\": {" + json + "}}";
  try {
    ui::parsePreset(QByteArray::fromStdString(file), QStringLiteral("limits.json"));
    return {};
  } catch (const std::exception& e) {
    return QString::fromUtf8(e.what());
  }
}

}  // namespace

class TestOptionLimits : public QObject {
  Q_OBJECT

  static QList<QPair<Option, QList<QPair<std::string, bool>>>> table() {
    using L = QList<QPair<std::string, bool>>;
    auto initAtMax = [](SessionConfig& c) { c.scaler.init_scale(limits::kMaxScale); };
    const auto i64max = std::to_string(std::numeric_limits<std::int64_t>::max());
    const auto steps = limits::steps;
    return {
        {{"lr", "lr", real([](SessionConfig& c, double v) { c.lr = v; })}, values(limits::lr)},
        {{"momentum", "momentum", real([](SessionConfig& c, double v) { c.momentum = v; })},
         values(limits::momentum)},
        {{"weight-decay", "weight_decay", real([](SessionConfig& c, double v) { c.weight_decay = v; })},
         values(limits::weight_decay)},
        {{"batch-size", "batch_size", integer([](SessionConfig& c, std::int64_t v) { c.batch_size = v; })},
         values(limits::batch_size)},
        // --steps starts at 1 (a recording needs an end; 0 = until stopped is the session's):
        // the upper end is the same everywhere.
        {{"steps", "max_steps", integer([](SessionConfig& c, std::int64_t v) { c.max_steps = v; })},
         L{{std::to_string(steps.hi), true}, {std::to_string(steps.hi + 1), false}, {"-1", false}}},
        {{"clip-norm", "clip_norm", real([](SessionConfig& c, double v) { c.clip_norm = v; })},
         values(limits::clip_norm)},
        {{"accumulate", "accumulation",
          integer([](SessionConfig& c, std::int64_t v) { c.accumulation = v; })},
         values(limits::accumulation)},
        {{"", "max_steps_per_second", real([](SessionConfig& c, double v) { c.max_steps_per_second = v; })},
         values(limits::speed_limit)},
        // Inside the open end at 0, the scaler's own rule (fp32, not below ~1.4e-45) applies.
        {{"init-scale", "scaler.init_scale",
          real([](SessionConfig& c, double v) { c.scaler.init_scale(v); })},
         L{{"0", false},
           {"-1", false},
           {"1.5e-45", true},
           {text(limits::init_scale.hi), true},
           {text(std::nextafter(limits::init_scale.hi, limits::kInf)), false},
           {"nan", false}}},
        {{"growth-factor", "scaler.growth_factor",
          real([](SessionConfig& c, double v) { c.scaler.growth_factor(v); })},
         values(limits::growth_factor)},
        {{"backoff-factor", "scaler.backoff_factor",
          real([](SessionConfig& c, double v) { c.scaler.backoff_factor(v); })},
         values(limits::backoff_factor)},
        {{"growth-interval", "scaler.growth_interval",
          integer([](SessionConfig& c, std::int64_t v) { c.scaler.growth_interval(v); })},
         values(limits::growth_interval)},
        {{"hysteresis", "scaler.hysteresis",
          integer([](SessionConfig& c, std::int64_t v) { c.scaler.hysteresis(v); })},
         values(limits::hysteresis)},
        // min_scale <= init_scale: the largest floor needs the largest start.
        {{"min-scale", "scaler.min_scale", real([](SessionConfig& c, double v) { c.scaler.min_scale(v); }),
          initAtMax},
         values(limits::min_scale)},
        {{"max-scale", "scaler.max_scale", real([](SessionConfig& c, double v) { c.scaler.max_scale(v); })},
         // init_scale <= max_scale: only the ends that do not meet the default start of 65536.
         L{{"0", false}, {"-1", false}, {"inf", true}, {"nan", false}, {text(limits::kMaxScale), true}}},
        {{"stats-every", "stats_every", integer([](SessionConfig& c, std::int64_t v) { c.stats_every = v; })},
         L{{"0", true}, {"-1", false}, {i64max, true}}},
        {{"reference-every", "reference_every",
          integer([](SessionConfig& c, std::int64_t v) { c.reference_every = v; })},
         L{{"0", true}, {"-1", false}, {i64max, true}}},
        {{"hist-range", "histogram.lo",
          integer([](SessionConfig& c, std::int64_t v) { c.histogram.lo = static_cast<int>(v); })},
         L{{std::to_string(limits::hist_exponent.lo), true},
           {std::to_string(limits::hist_exponent.lo - 1), false}}},
        {{"hist-range", "histogram.hi",
          integer([](SessionConfig& c, std::int64_t v) { c.histogram.hi = static_cast<int>(v); })},
         L{{std::to_string(limits::hist_exponent.hi), true},
           {std::to_string(limits::hist_exponent.hi + 1), false}}},
    };
  }

 private Q_SLOTS:
  void cli_session_and_preset_agree_data() {
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("value");
    QTest::addColumn<bool>("accepted");
    const auto t = table();
    for (int i = 0; i < t.size(); ++i)
      for (const auto& [v, ok] : t[i].second)
        QTest::addRow("%s=%s", qPrintable(t[i].first.json), v.c_str())
            << i << QString::fromStdString(v) << ok;
  }
  void cli_session_and_preset_agree() {
    QFETCH(int, row);
    QFETCH(QString, value);
    QFETCH(bool, accepted);
    const Option o = table()[row].first;
    const std::string v = value.toStdString();
    const QString session = sessionVerdict(o, v);
    QVERIFY2(session.isEmpty() == accepted, qPrintable(QStringLiteral("session: '%1'").arg(session)));
    if (!o.cli.isEmpty()) {
      const QString cli = cliVerdict(o, v);
      QVERIFY2(cli.isEmpty() == accepted, qPrintable(QStringLiteral("command line: '%1'").arg(cli)));
      // A refusal names the option (and, for a range, what is allowed).
      if (!accepted) QVERIFY2(cli.contains(QStringLiteral("--") + o.cli), qPrintable(cli));
    }
    // Presets pass through Qt's JSON, whose numbers are doubles: integers beyond 2^53 do not
    // survive it exactly, so the preset side skips them.
    const bool beyond53 = v.find_first_of(".e") == std::string::npos && v != "inf" && v != "nan" &&
                          std::fabs(std::strtod(v.c_str(), nullptr)) > 9007199254740992.0;
    if (!beyond53) {
      const QString preset = presetVerdict(o, v);
      QVERIFY2(preset.isEmpty() == accepted, qPrintable(QStringLiteral("preset: '%1'").arg(preset)));
    }
  }

  void refusals_quote_the_table_range() {
    // The session's and the command line's messages quote the same range text.
    SessionConfig c;
    c.clip_norm = 1e31;
    try {
      c.validate();
      QFAIL("clip norm 1e31 accepted");
    } catch (const std::exception& e) {
      QVERIFY2(QString::fromUtf8(e.what()).contains(QString::fromStdString(limits::clip_norm.range_text())),
               e.what());
    }
    QCOMPARE(QString::fromStdString(limits::clip_norm.range_text()), QStringLiteral("[0, 1e+30]"));
    QCOMPARE(QString::fromStdString(limits::backoff_factor.range_text()), QStringLiteral("(0, 1)"));
    QCOMPARE(QString::fromStdString(limits::max_scale.range_text()), QStringLiteral("(0, inf]"));
  }

  void controls_lie_inside_the_limits() {
    // The GUI's spans, except the scaler sliders' deliberate step past an open end (growth
    // 1.00, backoff 1.00), where the panel shows the scaler's refusal.
    for (const RealLimit* l :
         {&limits::lr, &limits::momentum, &limits::weight_decay, &limits::clip_norm, &limits::speed_limit,
          &limits::init_scale, &limits::min_scale, &limits::max_scale}) {
      QVERIFY2(l->contains(l->control_lo) && l->contains(l->control_hi), l->name.data());
    }
    QVERIFY(!limits::growth_factor.contains(limits::growth_factor.control_lo));
    QVERIFY(limits::growth_factor.contains(limits::growth_factor.control_hi));
    QVERIFY(limits::backoff_factor.contains(limits::backoff_factor.control_lo));
    QVERIFY(!limits::backoff_factor.contains(limits::backoff_factor.control_hi));
    for (const IntLimit* l :
         {&limits::batch_size, &limits::steps, &limits::accumulation, &limits::growth_interval,
          &limits::hysteresis, &limits::stats_every, &limits::reference_every}) {
      QVERIFY2(l->contains(l->control_lo) && l->contains(l->control_hi), l->name.data());
    }
  }
};

QTEST_GUILESS_MAIN(TestOptionLimits)
#include "test_option_limits.moc"
