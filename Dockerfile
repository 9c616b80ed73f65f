# One image for every Node service; the web target serves the built app and routes the API.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY migrations/package.json migrations/
COPY services/platform/package.json services/platform/
COPY services/command/package.json services/command/
COPY services/query/package.json services/query/
COPY services/workers/package.json services/workers/
COPY services/standalone/package.json services/standalone/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web

FROM build AS service
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# docker-compose.yml picks the service: command, query or workers.
CMD ["npx", "tsx", "services/standalone/src/main.ts"]

FROM caddy:2 AS web
COPY deploy/Caddyfile /etc/caddy/Caddyfile
COPY --from=build /app/web/dist /srv
