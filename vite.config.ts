import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Identifies this build; the server reads build-id and the browser reloads when they differ
// (DESIGN §6: reload when a new version is deployed).
const buildId = Date.now().toString(36);
const emitBuildId = (): Plugin => ({
  name: 'emit-build-id',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build-id', source: buildId });
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), emitBuildId()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
});
