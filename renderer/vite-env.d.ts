// Lets TypeScript accept the stylesheet import in main.ts, which Vite turns into a CSS file.
/// <reference types="vite/client" />
