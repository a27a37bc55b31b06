# The service image (used by docker-compose.yml; the tests never need Docker).
#
# Node 26: the Active LTS line since October 2026, supported until April 2029, so the
# longest-lived choice (Node 24 is in maintenance, until April 2028). Nothing here is tied
# to a Node ABI: argon2 ships N-API prebuilds, PGlite is WASM, the rest is JavaScript;
# package.json keeps `engines` at >=20.19 for those who run the service without Docker.
ARG NODE_IMAGE=node:26-trixie-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE}
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
