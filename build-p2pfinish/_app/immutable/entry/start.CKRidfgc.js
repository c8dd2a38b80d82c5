import{s as r}from"../chunks/BiAwL0YX.js";import{y as t}from"../chunks/qfhBqmbG.js";export{t as load_css,r as start};
