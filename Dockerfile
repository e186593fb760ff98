# MyProsper in one image: the built web app and the API, running one API instance
# (`node apps/api/dist/server.js`, what `npm start` runs). Give it the environment of the README's
# Deployment section and run as many containers as needed behind a load balancer, on one PostgreSQL.
#   docker build -t myprosper .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e JWT_SECRET=… -e PUBLIC_URL=https://… \
#     -e CLAMD_URL=tcp://clamd:3310 myprosper

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# Production refuses to start with the stand-ins or the demo data on (README, Deployment).
ENV NODE_ENV=production \
    SANDBOX=false \
    SEED_DEMO=false \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/api/package.json ./apps/api/package.json
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
# Local uploads and the embedded database when DATABASE_URL is unset; use S3_* or a shared volume for
# several instances (README, Deployment).
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=64", "apps/api/dist/server.js"]
