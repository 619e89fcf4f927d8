#!/usr/bin/env bash
# The scripted GPU run (issue 10): install the wheels carried in .whl/, then run every stage of
# benchmarks/gpu_run.py (environment, test suite on cuda, conformance on cuda, bench_cuda.py,
# summary) with results in $OUT. See benchmarks/README.md, "GPU run", for the device call.
#
#   bash benchmarks/run_gpu.sh                                  # on the GPU machine
#   bash benchmarks/run_gpu.sh --simulate --out /tmp/gpu-sim    # rehearsal without a GPU
#
# Options after the script name go to `gpu_run.py run` (--stages, --budget, --deadline ...).
# XT_GPU_WHEELS names another wheel folder; PYTHON another interpreter (default python3,
# which on the device machine is the one holding PyTorch and CuPy).
set -u
cd "$(dirname "$0")/.." || exit 2
py="${PYTHON:-python3}"
wheels="${XT_GPU_WHEELS:-.whl}"
if compgen -G "$wheels/*.whl" >/dev/null; then
  # --target: the machine's own site-packages stay as they are; PYTHONPATH puts these first.
  if "$py" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
      --target /tmp/site "$wheels"/*.whl; then
    export PYTHONPATH="/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
  else
    echo "run_gpu.sh: installing $wheels/*.whl failed; going on with the machine's packages" >&2
  fi
fi
# This checkout, first on the path, is the one under test. Its C extensions are built in place
# for the machine's Python (CI builds them for its own); without a compiler or Python's headers
# the build fails, the log says why, and xtensor runs its pure-Python twins. The build's
# seconds come off the run's deadline. A rehearsal (--simulate) keeps the extensions it has:
# rewriting a loaded .so under a running test session would crash it.
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
started=$SECONDS
case " $* " in
  *" --simulate "*) ;;
  *) export XT_BUILD_LOG=/tmp/xt-build.log
     timeout 150 "$py" setup.py -q build_ext --inplace >"$XT_BUILD_LOG" 2>&1 \
       || echo "run_gpu.sh: building the C extensions failed; see env.txt" >&2 ;;
esac
exec "$py" benchmarks/gpu_run.py run --deadline $((${XT_GPU_DEADLINE:-560} - (SECONDS - started))) "$@"
