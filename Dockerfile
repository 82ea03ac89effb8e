# The API service. docker-compose.yml pairs it with PostgreSQL + PostGIS.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
# Document conversion (LibreOffice Writer), OCR in our six languages (Tesseract), page rendering
# (poppler) and the face model (OpenCV's Haar cascades); nothing is downloaded at run time.
RUN apt-get update \
  && apt-get install -y --no-install-recommends libreoffice-writer-nogui tesseract-ocr tesseract-ocr-eng \
     tesseract-ocr-deu tesseract-ocr-fra tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-pol poppler-utils opencv-data fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
# What the server runs and reads: its code, migrations, and the vocabularies with the parser model's
# weights. eval/, scripts/, bench/ and test/ stay out of the image.
COPY src ./src
COPY migrations ./migrations
COPY vocab ./vocab
COPY kysely.config.ts tsconfig.json ./
ENV PORT=8080
# Two malloc arenas instead of glibc's eight per core: the memory V8's helper threads free stays in
# their arenas, and RSS after a run of parses varied by 50 MB with the default (docs/benchmarks.md, Parsing).
ENV MALLOC_ARENA_MAX=2
EXPOSE 8080
# node directly (not npm) so SIGTERM reaches the service and it shuts down cleanly.
CMD ["node", "--import", "tsx", "src/main.ts"]
