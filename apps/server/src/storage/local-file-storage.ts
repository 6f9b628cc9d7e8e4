import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describeFsError, isNotWritableError, makeDirectory, storageError } from '../lib/startup-errors.ts';
import type { FileStorage } from './file-storage.ts';

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * Files under one directory: `<root>/<key>` for delivered files, `<root>/.tmp/` for files being written and
 * `<root>/.parts/<order id>/` for a large order's parts.
 */
export function createLocalFileStorage(root: string): FileStorage {
  const filesDir = root;
  const tmpDir = path.join(root, '.tmp');
  const partsRoot = path.join(root, '.parts');
  prepareStorageDir(root, tmpDir);
  const pathOf = (key: string) => {
    // Keys are made by the server, but a key never reaches outside the directory whatever it holds.
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(filesDir, key);
  };
  return {
    tempPath: async (prefix) => path.join(tmpDir, `${prefix}.${randomBytes(6).toString('hex')}.part`),
    commit: async (tempPath, key) => {
      const target = pathOf(key);
      await fsp.rename(tempPath, target);
      const dir = await fsp.open(filesDir, 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
      return { size: (await fsp.stat(target)).size };
    },
    open: async (key, range) => {
      const target = pathOf(key);
      try {
        const { size } = await fsp.stat(target);
        return { stream: fs.createReadStream(target, range), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    delete: async (key) => {
      await fsp.rm(pathOf(key), { force: true });
    },
    partsDir: async (orderId) => {
      const dir = path.join(partsRoot, pathOf(orderId).slice(filesDir.length + 1));
      await fsp.mkdir(dir, { recursive: true });
      return dir;
    },
    removeParts: async (orderId) => {
      await fsp.rm(path.join(partsRoot, pathOf(orderId).slice(filesDir.length + 1)), {
        recursive: true,
        force: true,
      });
    },
    removeTemps: async (prefix) => {
      const names = (await fsp.readdir(tmpDir)).filter((n) => n.startsWith(`${prefix}.`));
      await Promise.all(names.map((n) => fsp.rm(path.join(tmpDir, n), { force: true })));
      return names.length;
    },
  };
}

/**
 * Creates the directories and writes and deletes a small file where order files are written, so that a read-only or
 * uncreatable STORAGE_DIR stops the process at start-up (a StartupError) instead of failing every order.
 */
function prepareStorageDir(root: string, tmpDir: string): void {
  const fail = (action: string, error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = isNotWritableError(error)
      ? `cannot ${action} (${describeFsError({ code })})`
      : `cannot ${action}: ${describeFsError(error)}`;
    return storageError(root, reason, error);
  };
  const existed = fs.existsSync(root);
  try {
    makeDirectory(tmpDir);
  } catch (error) {
    throw fail(existed ? 'write there' : 'create it', error);
  }
  const probe = path.join(tmpDir, `startup.${randomBytes(6).toString('hex')}.part`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    throw fail('write there', error);
  }
}
