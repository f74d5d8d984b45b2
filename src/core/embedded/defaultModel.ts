import shipped from './rankerModel.json';
import { parseRankerModel, type RankerModel } from './ranker';

let model: RankerModel | undefined;

/** The ranker shipped in the bundle (rankerModel.json, written by `codegrep train`), checked once. */
export function defaultRankerModel(): RankerModel {
  model ??= parseRankerModel(shipped);
  return model;
}
