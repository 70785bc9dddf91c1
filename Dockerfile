# The API only: in Docker, Neo4j is its own container (docker-compose.yml), so no Java or Maven here.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
# Dependencies first, for Docker's layer cache: the postinstall's build waits for the sources below.
RUN npm ci --ignore-scripts && npx patch-package
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
COPY schema ./schema
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY schema ./schema
# The seed facts and the shipped data sets (seeds/datasets), imported on the first start.
COPY seeds ./seeds
# The playground's examples, which the server runs before it reports ready (src/server/plan-warm-up.ts).
COPY web/examples ./web/examples
USER node
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=180s CMD ["node", "-e", "fetch('http://127.0.0.1:4000/health/ready').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The flags of src/node-flags.ts (a test checks they agree).
CMD ["node", "--max-semi-space-size=32", "dist/main.js"]
