// The console's build: Preact through Oxc's automatic JSX runtime, served under /console/ by the platform.
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 200 },
});
