import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { seedAll } from '../seed';

/**
 * Seeds one template database per run; every test file then gets a fresh copy of it:
 * SQLite — a copied file; PostgreSQL — CREATE DATABASE … TEMPLATE ….
 */
export default async function setup(project: TestProject) {
  const dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-api-test-'));
  const uploadsDir = path.join(dir, 'uploads');
  const log = { info: () => {} };

  if (dialect === 'sqlite') {
    const file = path.join(dir, 'template.sqlite');
    const { db } = createDb({ dialect: 'sqlite', file });
    await migrateToLatest(db, 'sqlite');
    await seedAll({ db, dialect: 'sqlite', uploadsDir, log });
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    await db.destroy();
    project.provide('testDb', { dialect, template: file, dir });
    return () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_DIALECT=postgres needs TEST_POSTGRES_URL');
  const template = `souq_tpl_${process.pid}_${Date.now()}`;
  const admin = createDb({ dialect: 'postgres', url });
  await sql.raw(`create database ${template}`).execute(admin.db);
  const tplUrl = withDatabase(url, template);
  const { db } = createDb({ dialect: 'postgres', url: tplUrl });
  await migrateToLatest(db, 'postgres');
  await seedAll({ db, dialect: 'postgres', uploadsDir, log });
  await db.destroy();
  project.provide('testDb', { dialect, template, dir, url });
  return async () => {
    await sql.raw(`drop database if exists ${template}`).execute(admin.db);
    await admin.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { dialect: 'sqlite' | 'postgres'; template: string; dir: string; url?: string };
  }
}
