# envcheck itself as an image, so a node can be judged with
#   docker run --rm --gpus all IMAGE verify
# Build from this repository (online):
#   docker build -t envcheck .
# Air-gapped: put wheels of envcheck and its dependencies in wheelhouse/, then
#   docker build --build-arg OFFLINE=1 --build-arg ENVCHECK=envcheck==VERSION -t envcheck .
# The base image must have python3 with venv (python:*-slim images do); constraints.txt pins
# every runtime dependency. python:3.12-slim-bookworm: see the python image's tag list.
ARG BASE_IMAGE=python:3.12-slim-bookworm

FROM ${BASE_IMAGE} AS build
ARG OFFLINE=0
ARG ENVCHECK=/src
COPY . /src
RUN if [ "$OFFLINE" = 1 ]; then export PIP_NO_INDEX=1; fi \
    && python3 -m venv /opt/envcheck \
    && /opt/envcheck/bin/pip install --no-cache-dir --disable-pip-version-check \
        --find-links /src/wheelhouse --constraint /src/constraints.txt "$ENVCHECK" \
    && /opt/envcheck/bin/envcheck --version

FROM ${BASE_IMAGE}
LABEL org.opencontainers.image.title="envcheck" \
      org.opencontainers.image.description="Can this GPU server train deep-learning models properly? If not, why and how to fix it." \
      org.opencontainers.image.licenses="Apache-2.0"
COPY --from=build /opt/envcheck /opt/envcheck
ENV PATH=/opt/envcheck/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1
# nobody: no home, no shell, no privileges; GPUs come through --gpus.
USER 65534:65534
ENTRYPOINT ["envcheck"]
CMD ["verify"]
