import { modelRouteToState, modelStateToRoute } from './model-routing';

describe('the model search in the address bar (filters manufacturer.name, model.name and model.body)', () => {
  it('writes manufacturer.name as make and model.body as body', () => {
    expect(
      modelStateToRoute({
        query: 'cx',
        page: 2,
        refinementList: { 'manufacturer.name': ['Mazda'], 'model.body': ['suv'] },
      }),
    ).toEqual({
      query: 'cx',
      page: 2,
      refinementList: { make: ['Mazda'], body: ['suv'] },
    });
  });

  it('reads /models?body=suv back as a model.body filter', () => {
    expect(modelRouteToState({ refinementList: { body: ['suv'] } })).toEqual({
      refinementList: { 'model.body': ['suv'] },
    });
  });

  it('writes model.name as model and reads /models?model=RAV4 back as a model.name filter', () => {
    expect(modelStateToRoute({ refinementList: { 'model.name': ['RAV4'] } })).toEqual({
      refinementList: { model: ['RAV4'] },
    });
    expect(modelRouteToState({ refinementList: { make: ['Toyota'], model: ['RAV4'] } })).toEqual({
      refinementList: { 'manufacturer.name': ['Toyota'], 'model.name': ['RAV4'] },
    });
  });

  it('keeps a state with no filters as it is', () => {
    expect(modelRouteToState({ query: 'ranger' })).toEqual({ query: 'ranger' });
    expect(modelStateToRoute(undefined)).toEqual({});
  });
});
