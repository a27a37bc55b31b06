# The service image (used by docker-compose.yml; the tests never need Docker).
#
# Node 26, the Active LTS line (supported until April 2029), as in .nvmrc and package.json's engines.
# CI cannot run Docker, so `scripts/image-check.mjs` follows this file's steps on the CI machine
# itself: it runs the build stage's npm and node commands in a copy of the build context, lays out
# the runtime stage's files, and starts the CMD on PostgreSQL until /health/ready answers and a
# password login works. Keep the steps that script reads (RUN lines of npm and node, COPY --from,
# ENV, CMD) plain.
ARG NODE_IMAGE=node:26-trixie-slim

FROM ${NODE_IMAGE} AS build
# argon2 (password hashing) is compiled from source by scripts/native-addons.mjs: its bundled
# linux-x64 binary crashes some x86-64 machines at the first hash.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN node scripts/native-addons.mjs
RUN npm run build
RUN npm prune --omit=dev --ignore-scripts --no-audit --no-fund

FROM ${NODE_IMAGE}
# GNU Backgammon plays as the house bot `gnubg` (docs/bots.md); Debian installs it in /usr/games, where
# the service looks for it.
RUN apt-get update && apt-get install -y --no-install-recommends gnubg && rm -rf /var/lib/apt/lists/*
# DATA_DIR is used only without DATABASE_URL (embedded PGlite): a directory of the service's user alone.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/nardy
RUN install -d -o node -g node -m 700 /var/lib/nardy
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/package.json ./package.json
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD node -e "fetch('http://127.0.0.1:3000/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# node is PID 1: on SIGTERM (docker stop) the service finishes its requests, closes the database,
# writes out its log and exits by itself (a re-raised signal would be ignored by PID 1).
# The same Node flags as `npm start` (package.json): a larger young generation, fewer scavenges under load.
CMD ["node", "--max-semi-space-size=32", "dist/main.js"]
