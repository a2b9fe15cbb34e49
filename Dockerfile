# The svc server image (docs/deployment.md):
#   docker build -t svc .
#   docker run -d --name svc -p 9000:9000 -p 9003:9003 -v svc-data:/var/lib/svc svc
# node:20-slim, the database root in the volume /var/lib/svc, the server as PID 1 under the node user:
# `docker stop` sends SIGTERM, which stops it gracefully and exits 0.
FROM node:20-slim AS build
WORKDIR /opt/svc
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-slim
WORKDIR /opt/svc
COPY --from=build /opt/svc /opt/svc
RUN mkdir -p /var/lib/svc && chown node:node /var/lib/svc
USER node
# glibc's malloc otherwise keeps the large buffers of out-of-order merges (docs/configuration.md, "Memory").
ENV MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072
VOLUME /var/lib/svc
# HTTP API, health and metrics, line protocol over TCP, PostgreSQL wire
EXPOSE 9000 9003 9009 8812
STOPSIGNAL SIGTERM
ENTRYPOINT ["/opt/svc/bin/svc"]
CMD ["-d", "/var/lib/svc"]
