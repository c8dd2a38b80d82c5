const o="1795958418057";export{o as v};
