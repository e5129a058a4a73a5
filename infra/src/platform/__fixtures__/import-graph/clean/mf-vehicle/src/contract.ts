export interface Car {
  id: string;
}
