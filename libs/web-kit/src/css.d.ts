/** Style sheets a component imports for its side effect (bundled by Vite; stubbed under Jest). */
declare module '*.css';
