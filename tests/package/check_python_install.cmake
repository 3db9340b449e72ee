# The Python probe from an install prefix (docs/probe.md, Install): `cmake --install` of the
# probe's directory of the build tree (python/: the ampscope package and its compiled _ampscope,
# the same install rules a whole `cmake --install` runs) into a scratch prefix, then the Python
# found at configure time, with PYTHONPATH = <prefix>/${AMPSCOPE_PYTHON_INSTALL_DIR} alone,
# imports ampscope from there and watches a 2-layer model for 2 steps into a temporary store;
# the store must then hold that run: 2 steps, finished, statistics for both layers' parameters.
# Installing python/ alone keeps this test independent of the app's and the UI's targets.
# Run by CTest: cmake -DBUILD_DIR=... -DWORK_DIR=... -DHAVE_PYTHON=ON|OFF -DPYTHON=...
#   -DPYTHON_INSTALL_DIR=... -P check_python_install.cmake
if(NOT HAVE_PYTHON)
  message("SKIP: this build has no Python probe (AMPSCOPE_PYTHON=OFF, or no python3 with torch and pybind11)")
  return()
endif()
foreach(v BUILD_DIR WORK_DIR PYTHON PYTHON_INSTALL_DIR)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "${v} not set")
  endif()
endforeach()
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}/python" --prefix "${prefix}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc)
  message(FATAL_ERROR "cmake --install ${BUILD_DIR}/python failed (${rc}): is ampscope_python built?\n${out}")
endif()
set(site "${prefix}/${PYTHON_INSTALL_DIR}")
file(GLOB ext "${site}/ampscope/_ampscope*")
if(NOT ext OR NOT EXISTS "${site}/ampscope/__init__.py")
  message(FATAL_ERROR "the install put no ampscope package (or no _ampscope) into ${site}:\n${out}")
endif()

set(db "${WORK_DIR}/runs.db")
set(code [=[
import os, sqlite3, sys
import torch
import ampscope
site, db = sys.argv[1], sys.argv[2]
here = os.path.realpath(ampscope.__file__)
assert here.startswith(os.path.realpath(site) + os.sep), "ampscope imported from " + here + ", not the prefix"
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.Tanh(), torch.nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
with ampscope.watch(model, out=db, every=1, optimizer=opt) as probe:
    for _ in range(2):
        opt.zero_grad()
        loss = model(torch.randn(8, 4)).pow(2).mean()
        loss.backward()
        opt.step()
        probe.step(loss)
con = sqlite3.connect(db)
run = con.execute("SELECT id, status, step_count, source FROM runs").fetchall()
assert len(run) == 1 and run[0][0] == probe.run_id, run
assert run[0][1:] == ("finished", 2, "probe"), run
names = [r[0] for r in con.execute("SELECT name FROM layers WHERE run_id = ? ORDER BY layer_id", (probe.run_id,))]
assert names[:4] == ["0.weight", "0.bias", "2.weight", "2.bias"], names
rows = con.execute("SELECT COUNT(*), SUM(numel) FROM layer_stats WHERE run_id = ? AND layer_id < 4",
                   (probe.run_id,)).fetchone()
assert rows == (2 * 4, 2 * (4 * 8 + 8 + 8 * 2 + 2)), rows
print("ampscope", ampscope.__version__, "from", os.path.dirname(here), "torch", torch.__version__, "recorded run", probe.run_id)
]=])
# The installed package alone: no build-tree PYTHONPATH from the caller's environment.
execute_process(COMMAND ${CMAKE_COMMAND} -E env "PYTHONPATH=${site}" OMP_NUM_THREADS=1
                        "${PYTHON}" -c "${code}" "${site}" "${db}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PYTHON} with PYTHONPATH=${site}: import ampscope and a 2-step watch() failed (${rc}):\n${out}")
endif()
message(STATUS "installed probe OK: ${out}")
