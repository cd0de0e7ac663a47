# The image from scratch, for users with Docker: the same root file system as
# `npm run build:image` (scripts/build-image.ts, which builds it with buildah, no daemon):
# the binary, exactly the libraries it links and the loader, CA certificates, the shipped
# policies, a non-root numeric user. No shell, no package manager.
#
#   docker build -t guardrail-proxy .
#   docker run --rm -p 8000:8000 -e SVC_KEY=... -e COMPAT_API_KEY=sk-... guardrail-proxy
#
# Policies: the shipped ones are in /etc/guardrail-proxy/policies; mount your own over it
# (-v $PWD/policies:/etc/guardrail-proxy/policies:ro): policy files are re-read when they change.

# Build stage: npm brings Bun (the `bun` package installs the real binary), Bun compiles, and the
# image script stages the root file system in /rootfs.
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY bunfig.toml tsconfig.json build.ts ./
COPY scripts ./scripts
COPY src ./src
COPY policies ./policies
RUN ./node_modules/.bin/bun build.ts && ./node_modules/.bin/bun scripts/build-image.ts --rootfs /rootfs dist/guardrail-proxy

FROM scratch
COPY --from=build /rootfs/ /
ENV SVC_GUARDRAILS_POLICY_DIR=/etc/guardrail-proxy/policies \
    SVC_GUARDRAILS_HOST=0.0.0.0 \
    SVC_GUARDRAILS_PORT=8000 \
    BUN_CONFIG_MAX_HTTP_REQUESTS=4096 \
    MIMALLOC_PURGE_DELAY=1000
USER 65532:65532
EXPOSE 8000/tcp
LABEL org.opencontainers.image.title="guardrail-proxy" \
      org.opencontainers.image.base.name="scratch"
ENTRYPOINT ["/guardrail-proxy"]
CMD ["serve", "--default-config", "default"]
