/**
 * Which way the workflow `init` writes should run the tool: the repository's
 * own locked devDependency when it has one (package.json names the package
 * and a lockfile pins it), else this project's Action at this version.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_NAME, type WorkflowRunner } from './init-templates.js';

/** Where the Action lives (owner/name on GitHub); package.json's repository says the same. */
export const ACTION_REPOSITORY = 'upstream-status/upstream-status';

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function declaresPackage(root: string): Promise<boolean> {
  try {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, unknown>;
      devDependencies?: Record<string, unknown>;
    };
    return [manifest.devDependencies, manifest.dependencies].some(
      (deps) => deps !== null && typeof deps === 'object' && Object.hasOwn(deps, PACKAGE_NAME),
    );
  } catch {
    return false;
  }
}

export async function detectWorkflowRunner(root: string, version: string): Promise<WorkflowRunner> {
  const locked =
    (await exists(path.join(root, 'package-lock.json'))) ||
    (await exists(path.join(root, 'npm-shrinkwrap.json')));
  if (locked && (await declaresPackage(root))) return { kind: 'devDependency' };
  return { kind: 'action', repository: ACTION_REPOSITORY, version };
}
