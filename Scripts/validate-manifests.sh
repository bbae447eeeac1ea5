#!/usr/bin/env bash
# Checks the Kubernetes manifests under deploy/ against the Kubernetes schema, strictly (a field the
# schema does not know fails), with kubernetes-validate from PyPI. Exit 0 when all are valid.
#   Scripts/validate-manifests.sh [KUBERNETES_VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:-1.30.0}
if ! command -v kubernetes-validate >/dev/null; then
  python3 -m pip install --quiet kubernetes-validate==1.37.0 2>/dev/null \
    || python3 -m pip install --quiet --break-system-packages kubernetes-validate==1.37.0
fi
kubernetes-validate --strict -k "$version" deploy/*.yaml
