import { RouteTable } from './route-table';

describe('RouteTable', () => {
  const routes = new RouteTable();
  routes.add(['GET', 'HEAD'], '/api/v1/tournaments/:id');
  routes.add('PATCH', '/api/v1/tournaments/:id');
  routes.add('POST', '/api/v1/tournaments');

  it('lists the methods a concrete path accepts', () => {
    expect(routes.allowedMethods('/api/v1/tournaments/0190a0b8-1c2d')).toEqual(['GET', 'HEAD', 'PATCH']);
    expect(routes.allowedMethods('/api/v1/tournaments')).toEqual(['POST']);
  });

  it('knows nothing of unregistered paths', () => {
    expect(routes.allowedMethods('/api/v1/tournaments/a/b')).toEqual([]);
    expect(routes.allowedMethods('/api/v2/tournaments')).toEqual([]);
  });
});
