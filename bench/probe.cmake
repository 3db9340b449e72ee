# The Python probe's overhead in a training loop (bench_probe.py): `cmake --build . --target
# bench_probe` runs it with the probe built in this tree. Needs the probe (AMPSCOPE_PYTHON).
if(AMPSCOPE_HAVE_PYTHON)
  add_custom_target(bench_probe
    COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${CMAKE_BINARY_DIR}/python OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
            ${AMPSCOPE_PYTHON_EXECUTABLE} ${CMAKE_CURRENT_LIST_DIR}/bench_probe.py
    DEPENDS ampscope_python USES_TERMINAL VERBATIM)
endif()
