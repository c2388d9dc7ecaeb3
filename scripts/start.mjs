// `npm start`: the Electron app where its binary is present; otherwise the same renderer in browser
// mode on 127.0.0.1 (Electron's binary cannot be downloaded on every machine, ours included).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

function electronBinaryPresent() {
  // Reading the path file, not require('electron'): requiring it tries to download the binary.
  const pathFile = join(root, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return false;
  const relative = readFileSync(pathFile, 'utf8').trim();
  return relative !== '' && existsSync(join(root, 'node_modules', 'electron', 'dist', relative));
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child.on('exit', (code) => process.exit(code ?? 0));
}

const build = spawnSync(bin('electron-vite'), ['build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (electronBinaryPresent()) {
  run(bin('electron-vite'), ['preview']);
} else {
  console.log('Electron is not available on this machine (its binary is not installed), so Ledgerdesk runs in browser mode.');
  run(bin('tsx'), [join(root, 'main', 'cli.ts'), 'browser', '--renderer', join(root, 'out', 'renderer')]);
}
