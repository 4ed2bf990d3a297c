-- Trigram matching for the search indexes (gin_trgm_ops). drizzle-kit never writes CREATE EXTENSION.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
