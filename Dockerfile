# The site's image: one image for the HTTP instances and the worker (docker-compose.yml).
# Not exercised in CI here (see README, "Deploying on several machines").
#   docker build -t selfie-video-site .
#   instance: docker run … selfie-video-site                (node --import tsx server/index.ts)
#   worker:   docker run … selfie-video-site node --import tsx scripts/worker.ts

# --- build: every dependency, the SPA built into dist/ ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 falls back to compiling when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

# --- runtime dependencies only ---
FROM build AS deps
RUN npm prune --omit=dev

# --- runtime ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY server ./server
COPY scripts ./scripts
# Non-root: the app only writes under DATA_DIR (SQLite when no DATABASE_URL, local media when no
# S3_BUCKET, temporary upload and transcoding files always).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A 16 MiB semi-space (32 MiB young generation) rather than what V8 sizes from the machine's RAM: server/infra/heap.ts.
CMD ["node", "--max-semi-space-size=16", "--import", "tsx", "server/index.ts"]
