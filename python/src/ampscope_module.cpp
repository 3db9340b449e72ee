// _ampscope: the compiled half of the Python probe (docs/probe.md). A thin layer over AmpScope's
// C++: the statistics come from the kernels' fused pass (the one the sessions use) and the steps
// go to the run store through a RunRecorder (the one recording path, its writer thread and
// batching).
//
// Tensors arrive as raw views (data pointer, dtype, sizes, strides) that the Python side reads
// from torch tensors, so this module includes no torch header and links no torch library: the
// same build works with Debian's torch 1.13 and pip's torch 2.x, whichever the interpreter
// imports. The Python side keeps the tensors alive during a call.
#include <ampscope/kernels/grad_stats.h>
#include <ampscope/run_recorder.h>
#include <ampscope/run_store.h>
#include <ampscope/session_types.h>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace py = pybind11;
using namespace ampscope;

namespace {

/// (data_ptr, dtype name, sizes, strides) as the Python side builds it.
using PyView = std::tuple<std::uintptr_t, std::string, std::vector<std::int64_t>, std::vector<std::int64_t>>;

kernels::TensorView to_view(const PyView& v) {
  const auto& [ptr, dtype, sizes, strides] = v;
  if (sizes.size() != strides.size() || sizes.size() > static_cast<std::size_t>(kernels::kMaxDims))
    throw std::invalid_argument("ampscope: a tensor view needs as many strides as sizes, at most 8 dims");
  kernels::TensorView out;
  out.data = reinterpret_cast<void*>(ptr);  // NOLINT(performance-no-int-to-ptr): a torch data_ptr()
  if (dtype == "float32") out.dtype = kernels::DType::F32;
  else if (dtype == "float16") out.dtype = kernels::DType::F16;
  else if (dtype == "bfloat16") out.dtype = kernels::DType::BF16;
  else throw std::invalid_argument("ampscope: gradients of dtype " + dtype + " are not supported (float32, float16, bfloat16)");
  out.ndim = static_cast<int>(sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    out.sizes[i] = sizes[i];
    out.strides[i] = strides[i];
  }
  return out;
}

ScaleChangeReason parse_reason(const std::string& r) {
  for (auto v : {ScaleChangeReason::Unchanged, ScaleChangeReason::Grow, ScaleChangeReason::Backoff, ScaleChangeReason::GrowthRefused,
                 ScaleChangeReason::Hysteresis, ScaleChangeReason::ClampedMin, ScaleChangeReason::ClampedMax, ScaleChangeReason::SetByUser})
    if (to_string(v) == r) return v;
  throw std::invalid_argument("ampscope: unknown scale change reason '" + r + "'");
}

/// The scalars of one step, in the order of Recorder.push's tuple.
using PyStep = std::tuple<std::int64_t, double, double, double, double, std::int32_t, bool, bool, std::string>;
// step, loss, lr, scale_before, scale_after, growth_tracker, found_inf, skipped, reason

StepRecord to_record(const PyStep& s) {
  StepRecord r;
  std::string reason;
  std::tie(r.step, r.loss, r.lr, r.scale_before, r.scale_after, r.growth_tracker, r.found_inf, r.skipped, reason) = s;
  r.reason = parse_reason(reason);
  return r;
}

/// Statistics of the CUDA tensors of one step: one pass, one copy back, one wait.
struct CudaPass {
  int device = -1;
  std::unique_ptr<kernels::CudaStatsPass> pass;
};

class Recorder {
 public:
  Recorder(const std::string& path, const std::string& config_json, const std::vector<py::tuple>& layers,
           const std::string& device, const std::string& precision_label, const std::string& source,
           const std::string& group, int rank, int world_size)
      : m_config(SessionConfig::from_json(config_json)) {
    for (const auto& t : layers) {
      LayerInfo li;
      li.name = t[0].cast<std::string>();
      li.module = t[1].cast<std::string>();
      li.kind = t[2].cast<std::string>();
      li.shape = t[3].cast<std::vector<std::int64_t>>();
      li.numel = t[4].cast<std::int64_t>();
      li.order = t[5].cast<int>();
      m_layers.push_back(std::move(li));
    }
    // Opened by the writer thread, so that the training loop does not wait for the file (tens
    // of ms, longer on a shared disk or behind another rank's transaction); never loses a step.
    // A failed open shows at the next push (check_failed) and at close.
    RecorderOptions opt;
    opt.open_in_background = true;
    opt.when_behind = RecorderOptions::WhenBehind::Wait;
    opt.origin.source = source;
    opt.origin.group = group;
    opt.origin.rank = rank;
    opt.origin.world_size = world_size;
    py::gil_scoped_release unlocked;  // opening may wait on another rank's transaction
    m_recorder = std::make_unique<RunRecorder>(path, m_config, m_layers, device, precision_label, opt);
  }

  /// Scalar-only steps (those between statistics steps).
  bool push_steps(const std::vector<PyStep>& steps) {
    check_failed();
    py::gil_scoped_release unlocked;
    bool ok = true;
    for (const auto& s : steps) ok = m_recorder->push(to_record(s)) && ok;
    return ok;
  }

  /// A statistics step. `steps_fn()` (called once the pass's results are on the host) returns
  /// the scalars of the steps since the last statistics step: all but the last are pushed as
  /// plain steps, the last with the statistics. `views[i]` is the gradient of layer `layer_ids[i]` as the format saw it
  /// (scaled). `cuda_device` -1: CPU memory; else every view is on that device and `stream` is
  /// its current cudaStream_t. `underflow_mass` and `underflow_count` (reference steps: the share
  /// of |g| and the elements that a cast to the format flushes to zero) are per view, or empty.
  /// `numel` (per view, or empty): the elements of the gradient a view stands for, when that is
  /// more than the view holds: a sparse gradient's view is its stored values, and the elements it
  /// does not store are zeros, counted as such, so that its statistics are the dense gradient's.
  /// Returns the step's found_inf over the views (any nan/inf).
  bool push_stats(const py::function& steps_fn, const std::vector<PyView>& views, const std::vector<int>& layer_ids,
                  const std::vector<double>& underflow_mass, const std::vector<std::int64_t>& underflow_count,
                  int cuda_device, std::uintptr_t stream, std::uintptr_t cuda_found_inf,
                  const std::vector<std::int64_t>& numel) {
    check_failed();
    if (views.size() != layer_ids.size()) throw std::invalid_argument("ampscope: one layer id per view");
    if (!numel.empty() && numel.size() != views.size()) throw std::invalid_argument("ampscope: one numel per view");
    if (!underflow_mass.empty() && underflow_mass.size() != views.size())
      throw std::invalid_argument("ampscope: one underflow mass per view");
    if (underflow_count.size() != underflow_mass.size())
      throw std::invalid_argument("ampscope: one underflow count per underflow mass");
    std::vector<kernels::TensorView> tv;
    tv.reserve(views.size());
    for (const auto& v : views) tv.push_back(to_view(v));
    for (std::size_t i = 0; i < numel.size(); ++i)
      if (numel[i] < tv[i].numel()) throw std::invalid_argument("ampscope: a view holds more elements than its gradient");
    for (int id : layer_ids)
      if (id < 0 || id >= static_cast<int>(m_layers.size())) throw std::invalid_argument("ampscope: layer id out of range");

    std::vector<kernels::RawTensorStats> raw(tv.size());
    {
    py::gil_scoped_release unlocked;  // the pass may take a while on big models; no Python here
    kernels::PassOptions opt;
    if (cuda_device < 0) {
      kernels::grad_stats_cpu(tv, opt, raw.data());
    } else {
      if (!m_cuda.pass || m_cuda.device != cuda_device) {
        m_cuda.pass = std::make_unique<kernels::CudaStatsPass>(cuda_device);
        m_cuda.device = cuda_device;
      }
      // The pass ORs into a found_inf word on the device (an int32 tensor the Python side
      // owns); the step's found_inf comes from the statistics themselves (nan + inf).
      if (cuda_found_inf == 0) throw std::invalid_argument("ampscope: a CUDA pass needs a found_inf word");
      auto* found_inf = reinterpret_cast<std::int32_t*>(cuda_found_inf);  // NOLINT(performance-no-int-to-ptr)
      void* st = reinterpret_cast<void*>(stream);  // NOLINT(performance-no-int-to-ptr)
      m_cuda.pass->enqueue(tv, opt, st, found_inf);
      m_cuda.pass->copy_results_async(st);
      const auto host = m_cuda.pass->wait_results();
      std::copy(host.begin(), host.end(), raw.begin());
    }
    }
    const auto steps = steps_fn().cast<std::vector<PyStep>>();
    if (steps.empty()) throw std::invalid_argument("ampscope: a statistics step needs its scalars");
    py::gil_scoped_release unlocked;
    for (std::size_t i = 0; i + 1 < steps.size(); ++i) m_recorder->push(to_record(steps[i]));
    StepRecord r = to_record(steps.back());
    double sq = 0.0;
    int offender = -1, offender_order = -1;
    bool any_nonfinite = false;
    for (std::size_t i = 0; i < tv.size(); ++i) {
      LayerStepStats ls;
      ls.layer = layer_ids[i];
      std::int64_t n = tv[i].numel();
      if (!numel.empty() && numel[i] > n) {
        raw[i].zero += static_cast<std::uint64_t>(numel[i] - n);  // the elements a sparse gradient does not store
        n = numel[i];
      }
      ls.stats = kernels::finalize(raw[i], n, m_config.histogram);
      if (m_config.reference_every > 0 && !underflow_mass.empty()) {
        // What a cast flushes (round to nearest even: |g| <= half the smallest subnormal), not
        // below_min_subnormal, whose upper half a cast rounds up to the smallest subnormal.
        ls.underflow = underflow_count[i];
        ls.underflow_mass = underflow_mass[i];
      }
      const LayerInfo& li = m_layers[static_cast<std::size_t>(ls.layer)];
      if (li.kind != "activation") sq += ls.stats.sum_squares;
      if (ls.stats.nonfinite() > 0) {
        any_nonfinite = true;
        if (li.order > offender_order) offender = ls.layer, offender_order = li.order;
      }
      r.layers.push_back(std::move(ls));
    }
    r.first_offender = offender;
    // The views are scaled by scale_before: the norm of the unscaled gradients divides it out.
    r.grad_norm = r.scale_before > 0 ? std::sqrt(sq) / r.scale_before : std::sqrt(sq);
    m_recorder->push(std::move(r));
    return any_nonfinite;
  }

  /// Closes the run (waits for the writer's last commit); raises if recording failed.
  void close(const std::string& status) {
    {
      py::gil_scoped_release unlocked;
      m_recorder->close(status);
    }
    check_failed();
  }
  std::int64_t run_id() const { return m_recorder->run_id(); }
  std::int64_t committed() const { return m_recorder->committed_steps(); }
  std::optional<std::string> error() const { return m_recorder->error(); }

 private:
  void check_failed() const {
    if (m_recorder->state() == RunRecorder::State::Failed)
      throw RunStoreError("ampscope: recording failed: " + m_recorder->error().value_or("unknown error"));
  }

  SessionConfig m_config;
  std::vector<LayerInfo> m_layers;
  std::unique_ptr<RunRecorder> m_recorder;
  CudaPass m_cuda;
};

}  // namespace

PYBIND11_MODULE(_ampscope, m) {
  m.doc() = "AmpScope's compiled probe: the kernels' statistics pass and the run store's recorder";
  m.attr("schema_version") = RunStore::schema_version();
  m.attr("has_run_origin") = true;  // always, since schema 3; kept for scripts that ask
  m.attr("max_name_length") = SessionConfig::kMaxNameLength;  // watch(name=): the rule the store reads back
  m.def("run_part_is_name", [](const std::string& run) { return classify_run_part(run) == RunPart::Name; },
        "whether FILE:RUN reads RUN as a run's name (not an id): the rule of every ampscope command");
  m.def("cuda_available", &kernels::cuda_available, "whether this build has the CUDA kernels and a device");
  m.def("cpu_isa", &kernels::grad_stats_cpu_isa);
  py::class_<Recorder>(m, "Recorder")
      .def(py::init<const std::string&, const std::string&, const std::vector<py::tuple>&, const std::string&,
                    const std::string&, const std::string&, const std::string&, int, int>(),
           py::arg("path"), py::arg("config_json"), py::arg("layers"), py::arg("device"), py::arg("precision"),
           py::arg("source"), py::arg("group"), py::arg("rank"), py::arg("world_size"))
      .def("push_steps", &Recorder::push_steps)
      .def("push_stats", &Recorder::push_stats, py::arg("steps"), py::arg("views"), py::arg("layer_ids"),
           py::arg("underflow_mass"), py::arg("underflow_count") = std::vector<std::int64_t>{}, py::arg("cuda_device") = -1, py::arg("stream") = 0, py::arg("cuda_found_inf") = 0,
           py::arg("numel") = std::vector<std::int64_t>{})
      .def("close", &Recorder::close, py::arg("status") = "finished")
      .def_property_readonly("run_id", &Recorder::run_id)
      .def_property_readonly("committed_steps", &Recorder::committed)
      .def_property_readonly("error", &Recorder::error);
  py::register_exception<RunStoreError>(m, "RunStoreError");
}
