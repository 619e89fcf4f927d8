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
# xtensor is pure Python: this checkout, first on the path, is the one under test.
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
exec "$py" benchmarks/gpu_run.py run "$@"
