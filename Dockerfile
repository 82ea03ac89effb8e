# The API service. docker-compose.yml pairs it with PostgreSQL + PostGIS.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY src ./src
COPY migrations ./migrations
COPY kysely.config.ts tsconfig.json ./
ENV PORT=8080
EXPOSE 8080
# node directly (not npm) so SIGTERM reaches the service and it shuts down cleanly.
CMD ["node", "--import", "tsx", "src/main.ts"]
