/** What a style sheet a component imports (`import './x.css'`) is under Jest: nothing; Vite bundles the real one. */
export default {};
