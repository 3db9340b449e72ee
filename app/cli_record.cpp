#include "cli_record.h"

#include "core_text.h"

#include "cli_args.h"
#include "session_options.h"

#include <ampscope/process_memory.h>
#include <ampscope/run_recorder.h>
#include <ampscope/scale_text.h>
#include <ampscope/training_session.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <unistd.h>

namespace ampscope::cli {

namespace {
std::atomic<bool> g_interrupted{false};
extern "C" void on_signal(int) { g_interrupted = true; }

std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\', o += c;
    else if (static_cast<unsigned char>(c) < 0x20) { char b[8]; std::snprintf(b, sizeof b, "\\u%04x", c); o += b; }
    else o += c;
  }
  return o;
}

std::string json_number(double v) {
  // JSON has no inf/NaN: write null, so that every line parses.
  return std::isfinite(v) ? format_number(v) : "null";
}

void progress(std::int64_t done, std::int64_t total, double sps, double scale, double loss) {
  const int width = 30;
  const int filled = total > 0 ? static_cast<int>(width * done / total) : 0;
  // "%1 steps/s  scale %2  loss %3", translated; the numbers stay in the "C" notation.
  char rate[32], lossText[32];
  std::snprintf(rate, sizeof rate, "%.0f", sps);
  std::snprintf(lossText, sizeof lossText, "%.4g", loss);
  const std::string tail = str(Cli::tr("%1 steps/s  scale %2  loss %3")
                                   .arg(QString::fromLatin1(rate), qs(format_scale(scale)), QString::fromLatin1(lossText)));
  std::fprintf(stderr, "\r[%.*s%*s] %lld/%lld  %s ", filled, "##############################", width - filled, "",
               static_cast<long long>(done), static_cast<long long>(total), tail.c_str());
  std::fflush(stderr);
}
}  // namespace

int run_record(const std::vector<std::string>& args) {
  SessionConfig cfg;
  cfg.max_steps = 1000;
  // The Python probe's default too (watch(out="runs.db")): `ampscope record` alone trains the
  // default model into the current folder, and `ampscope runs` lists what is there.
  std::string out = "runs.db";
  bool quiet = false;
  bool continue_unrecorded = false;
  int threads = 0;
  ArgParser p("record");
  add_session_options(p, cfg);
  // Names a user brings: the window's (--store), PyTorch scripts' and other trainers' words.
  p.aliases({{"store", "out"}, {"output", "out"}, {"db", "out"}, {"file", "out"},
             {"iters", "steps"}, {"iterations", "steps"}, {"max-steps", "steps"}, {"num-steps", "steps"},
             {"learning-rate", "lr"}, {"bs", "batch-size"}, {"dtype", "precision"}, {"amp", "precision"},
             {"scale", "init-scale"}, {"loss-scale", "init-scale"}, {"max-grad-norm", "clip-norm"},
             {"grad-clip", "clip-norm"}, {"clip-grad-norm", "clip-norm"}, {"gradient-accumulation-steps", "accumulate"},
             {"no-stats", "stats-every"}, {"num-threads", "threads"}});
  p.option("out", "FILE", str(Cli::tr("Run store to write (SQLite; created if missing, runs are appended; default runs.db in the "
                                         "current folder).")),
           [&](const std::string& v) {
             if (v.empty()) throw UsageError(str(Cli::tr("--out: the file name is empty")));
             out = v;
           });
  p.option("threads", "N", str(Cli::tr("LibTorch compute threads, in [1, 256] (default: chosen from the model's layers and "
                                       "the cores, BLAS threads too).")),
           [&](const std::string& v) { threads = static_cast<int>(to_int("threads", v, 1, 256)); });
  p.flag("quiet", str(Cli::tr("No progress bar.")), [&] { quiet = true; });
  p.option("on-record-error", "WHAT",
           str(Cli::tr("When writing the run store fails (disk full, file size limit, file deleted): stop (default) "
                       "or continue training unrecorded. Either way the message goes to stderr and the exit status "
                       "is 3.")),
           [&](const std::string& v) {
             if (v != "stop" && v != "continue")
               throw UsageError(str(Cli::tr("--on-record-error '%1': allowed stop, continue").arg(qs(v))));
             continue_unrecorded = v == "continue";
           });
  if (!p.parse(args)) {
    std::cout << p.help(str(
        Cli::tr("Trains a model headless (no display, no Qt GUI libraries) and records every step into a run\n"
                "store that the GUI opens later. The last line on stdout is one JSON object:\n"
                "  %1\n"
                "Exit status: 0 done, 1 training or the store failed to start, 2 bad options, 3 recording\n"
                "stopped (disk full...; the steps committed before are in the store).\n"
                "Example: %2")
            .arg(QStringLiteral("{\"steps\", \"skipped\", \"final_scale\", \"final_loss\", \"steps_per_sec\", \"run_id\", ...}"),
                 QStringLiteral("ampscope record --model deep-mlp --precision fp16 --steps 2000 --out runs.db"))));
    return 0;
  }
  try {
    cfg.validate();
  } catch (const std::invalid_argument& e) {
    throw UsageError(str(i18n::errorText(e)));
  }
  if (cfg.device == DeviceKind::CUDA && !cuda_available())
    throw UsageError(str(Cli::tr("--device cuda: no CUDA device is available here (this LibTorch has no CUDA support, "
                                 "or no GPU was found); allowed on this machine: auto, cpu")));
  if (threads > 0) set_compute_threads(threads);

  // What only the built model can check (e.g. the layer named by --inject) is a bad option too.
  std::unique_ptr<TrainingSession> built;
  try {
    built = std::make_unique<TrainingSession>(cfg);
  } catch (const std::invalid_argument& e) {
    throw UsageError(str(i18n::errorText(e)));
  }
  TrainingSession& session = *built;
  // The one recording path (run_recorder.h), headless: the store opens here (a store that cannot
  // be opened fails the command, status 1), and no step is ever lost: when the disk falls
  // 16,384 steps behind, training waits for it. A failure is told below, in the CLI's words.
  auto recorder = std::make_shared<RunRecorder>(out, session.config(), session.layers(), session.device_label(),
                                                session.precision_label(), RecorderOptions::headless());
  session.record_to(recorder, /*warn_on_failure=*/false);

  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  const bool tty = !quiet && isatty(STDERR_FILENO);
  if (tty)  // the run exists now (a headless recorder opens before it returns): how to watch it train
    std::cerr << str(Cli::tr("ampscope record: recording run %1 into %2; follow it live: ampscope --follow %2:%1")
                         .arg(recorder->run_id())
                         .arg(qs(out)))
              << "\n";
  const auto t0 = std::chrono::steady_clock::now();
  auto last_draw = t0;
  std::int64_t skipped = 0;
  StepRecord last;
  std::vector<StepRecord> scratch;
  std::string status = "finished";
  std::optional<std::string> record_error;
  int rc = 0;
  try {
    while (session.steps_done() < cfg.max_steps) {
      if (g_interrupted) {
        status = "stopped";
        break;
      }
      session.step(last);  // refills last's storage: no allocation per step for the record
      skipped += last.skipped ? 1 : 0;
      session.drain(scratch);  // the CLI has no live view: keep the channel empty
      session.recycle(scratch);
      for (const auto& ev : session.drain_events())
        if (ev.kind == SessionEvent::Kind::Warning || ev.kind == SessionEvent::Kind::Error)
          std::cerr << (tty ? "\n" : "") << "ampscope: " << str(i18n::translate(ev.text)) << "\n";
      if (!record_error) {
        if ((record_error = recorder->error())) {
          const QString why = i18n::translate(recorder->error_text().value_or(UserText::verbatim(*record_error)));
          std::cerr << (tty ? "\n" : "") << "ampscope record: "
                    << str((continue_unrecorded ? Cli::tr("recording stopped: %1; training continues unrecorded "
                                                          "(--on-record-error continue)")
                                                : Cli::tr("recording stopped: %1"))
                               .arg(why))
                    << "\n";
          rc = 3;
          if (!continue_unrecorded) {
            status = "error: " + *record_error;
            break;
          }
        }
      }
      const auto now = std::chrono::steady_clock::now();
      if (tty && now - last_draw > std::chrono::milliseconds(100)) {
        const double secs = std::chrono::duration<double>(now - t0).count();
        progress(session.steps_done(), cfg.max_steps, session.steps_done() / secs, last.scale_after, last.loss);
        last_draw = now;
      }
    }
  } catch (const std::exception& e) {
    std::cerr << (tty ? "\n" : "") << "ampscope record: "
              << str(Cli::tr("training failed at step %1: %2").arg(session.steps_done()).arg(i18n::errorText(e)))
              << "\n";
    status = std::string("error: ") + e.what();
    rc = 1;
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (tty) {
    progress(session.steps_done(), cfg.max_steps, session.steps_done() / secs, last.scale_after, last.loss);
    std::fputc('\n', stderr);
  }
  if (record_error && continue_unrecorded && rc == 3) status += ", unrecorded after the error: " + *record_error;
  recorder->close(status);
  if (auto err = recorder->error_text(); err && rc == 0) {
    std::cerr << "ampscope record: " << str(i18n::translate(*err)) << "\n";
    rc = 3;
  }
  std::ostringstream js;
  js << "{\"steps\":" << session.steps_done() << ",\"skipped\":" << skipped
     << ",\"final_scale\":" << json_number(last.scale_after) << ",\"final_loss\":" << json_number(last.loss)
     << ",\"steps_per_sec\":" << json_number(secs > 0 ? session.steps_done() / secs : 0.0)
     << ",\"threads\":" << session.threads().intra_op << ",\"blas_threads\":" << blas_threads()
     << ",\"weight_grad_lane\":" << (session.threads().grad_lane ? "true" : "false")
     << ",\"blas_kernels\":\"" << json_escape(blas_kernels_text()) << "\""
     << ",\"step_memory\":\"" << json_escape(keep_step_memory()) << "\""
     << ",\"run_id\":" << recorder->run_id() << ",\"committed_steps\":" << recorder->committed_steps()
     << ",\"model\":\"" << json_escape(cfg.model) << "\""
     << (cfg.name.empty() ? std::string() : ",\"name\":\"" + json_escape(cfg.name) + "\"") << ",\"precision\":\"" << json_escape(session.precision_label())
     << "\",\"device\":\"" << session.device_label() << "\",\"status\":\"" << json_escape(status) << "\",\"out\":\""
     << json_escape(out) << "\"}";
  if (tty && rc == 0 && recorder->committed_steps() > 0)
    std::cerr << str(Cli::tr("ampscope record: run %1 is in %2; look at it: ampscope --replay %2:%1")
                         .arg(recorder->run_id())
                         .arg(qs(out)))
              << "\n";
  std::cout << js.str() << std::endl;
  return rc;
}

}  // namespace ampscope::cli
